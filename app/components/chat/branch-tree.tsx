import { useFetcher } from "react-router";
import { useEffect } from "react";
import type { BranchSegment } from "~/user-store/chat-tree";
import { CHAT_MESSAGES } from "~/spec/messages";
import { Modal } from "../ui/sheet";

type Names = { user: string; character: string };
type Answer = { branches: BranchSegment[] } | { error: { message: string } };

/**
 * "All branches": the chat's tree of branches (issue 24). Each run of messages shows its first
 * message and length; the runs on screen are marked, any other is one press away.
 */
export function BranchTree({
  characterId,
  open,
  onOpenChange,
  onShow,
  names,
}: {
  characterId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShow: (tipId: string) => void;
  names: Names;
}) {
  const fetcher = useFetcher<Answer>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(`/api/chats/${characterId}/branches`);
  }, [open, characterId, load]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  return (
    <Modal wide open={open} onOpenChange={onOpenChange} title={CHAT_MESSAGES.branchesTitle} description={CHAT_MESSAGES.branchesHint} testId="branch-tree">
      {!answer ? (
        <p className="text-sm text-zinc-400" role="status">
          {CHAT_MESSAGES.branchesLoading}
        </p>
      ) : "error" in answer ? (
        <p className="text-sm text-red-300" role="alert">
          {CHAT_MESSAGES.branchesFailed}
        </p>
      ) : (
        <BranchList
          segments={answer.branches}
          names={names}
          level={0}
          onShow={(tipId) => {
            onOpenChange(false);
            onShow(tipId);
          }}
        />
      )}
    </Modal>
  );
}

// Deeper forks stop indenting, so a chat branched many times over stays readable on a phone.
const MAX_INDENT = 5;

function BranchList({ segments, names, level, onShow }: { segments: BranchSegment[]; names: Names; level: number; onShow: (tipId: string) => void }) {
  return (
    <ul className={level > 0 && level <= MAX_INDENT ? "ml-3 border-l border-zinc-800 pl-3" : ""}>
      {segments.map((s) => (
        <li key={s.id} data-testid="branch" data-on-screen={s.onScreen}>
          <div className={`my-1 flex items-center gap-3 rounded-lg px-3 py-2 ${s.onScreen ? "bg-brand-950/50 ring-1 ring-brand-700/60" : "bg-zinc-900/60"}`}>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-zinc-100">
                <span className="font-semibold">{s.role === "user" ? names.user : names.character}:</span> {s.preview}
              </p>
              <p className="text-xs text-zinc-400">{CHAT_MESSAGES.branchLength(s.length, s.depth)}</p>
            </div>
            {s.onScreen ? (
              <span className="shrink-0 text-xs font-semibold text-brand-200">{CHAT_MESSAGES.branchOnScreen}</span>
            ) : (
              <button
                type="button"
                onClick={() => onShow(s.tipId)}
                className="min-h-11 shrink-0 rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800 sm:min-h-8"
                aria-label={`${CHAT_MESSAGES.branchShow}: ${s.preview}`}
              >
                {CHAT_MESSAGES.branchShow}
              </button>
            )}
          </div>
          {s.children.length > 0 && <BranchList segments={s.children} names={names} level={level + 1} onShow={onShow} />}
        </li>
      ))}
    </ul>
  );
}
