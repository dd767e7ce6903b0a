import { Link, useNavigate, useRevalidator } from "react-router";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { buttonClass, secondaryButtonClass, TextField } from "~/components/ui/field";
import { Modal } from "~/components/ui/sheet";
import { useApi } from "~/hooks/use-api";
import { jsonHeaders } from "~/lib/browser/api-client";
import { findUnsafe } from "~/lib/safety/screen";
import { toast } from "~/lib/toast";
import type { StoryTurnView } from "~/models/story.server";
import { MESSAGES, SAFETY_MESSAGE } from "~/spec/messages";
import { STORY_COPY, STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";
import { StoryPassage } from "./story-passage";
import { useStoryTurn } from "./use-story-turn";
import { UpgradeLink } from "~/components/upgrade-link";

type Story = { id: string; title: string; genre: string; premise: string; characters: { id: string; name: string; thumbnailUrl: string }[] };

const choiceClass = "min-h-11 rounded-lg border px-4 py-2 text-left text-sm transition disabled:opacity-50";

/** Playing a story: the passages on screen, the latest passage's choices, a typed action, undo, branches, rename and delete. */
export function StoryPlay({ story, turns }: { story: Story; turns: StoryTurnView[] }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [action, setAction] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(story.title);
  const [deleting, setDeleting] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [openChoicesAt, setOpenChoicesAt] = useState<string | null>(null);
  const api = useApi();
  /** Deleting leaves this page first: a fetcher would reload it, and it would be a 404 by then. */
  async function remove() {
    const response = await fetch(`/api/story/${story.id}`, { method: "DELETE", headers: jsonHeaders() });
    if (response.ok) return await navigate("/story", { replace: true });
    toast({ title: MESSAGES.generic.errorTitle, description: MESSAGES.generic.somethingWentWrong, variant: "destructive" });
  }
  const end = useRef<HTMLDivElement>(null);
  const turn = useStoryTurn(() => {
    setAction("");
    setOpenChoicesAt(null);
    void revalidator.revalidate();
  });
  const last = turns.at(-1);
  const busy = turn.busy || api.busy || revalidator.state !== "idle";

  // The new passage replaces the streamed one once the page's data has it (or could not get it).
  useEffect(() => {
    if (!turn.busy && revalidator.state === "idle") turn.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turns, revalidator.state]);

  // A dropped connection may still have stored the turn (it is written under waitUntil): look before offering Retry.
  const sentFrom = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (turn.failure?.dropped) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turn.failure]);
  useEffect(() => {
    if (!turn.failure?.dropped || turns.at(-1)?.id === sentFrom.current) return;
    turn.dismiss();
    setAction("");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turns]);
  const send = (request: Record<string, unknown>) => {
    sentFrom.current = last?.id;
    void turn.send(request);
  };
  const writing = turn.passage !== null;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [turns.length, writing]);

  const choose = (parentId: string, choiceId: string) => send({ storyId: story.id, parentId, choiceId });
  function act(e: React.FormEvent) {
    e.preventDefault();
    const text = action.trim();
    const unsafe = findUnsafe(text);
    if (!text) return setProblem(STORY_MESSAGES.chooseOrAct);
    if (unsafe) return setProblem(SAFETY_MESSAGE(unsafe));
    setProblem(null);
    send({ storyId: story.id, parentId: last?.id, action: text });
  }

  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-3">
        <Link to="/story" className="inline-flex min-h-11 items-center self-start text-sm text-zinc-400 hover:text-white">
          ← {STORY_COPY.back}
        </Link>
        <div className="flex items-start gap-3">
          <span className="flex shrink-0 -space-x-3">
            {story.characters.map((c) => (
              <img key={c.id} src={c.thumbnailUrl} alt={c.name} className="h-12 w-12 rounded-full border-2 border-zinc-950 object-cover" />
            ))}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold text-white sm:text-2xl">{story.title}</h1>
            <p className="text-sm text-zinc-400">
              {story.characters.map((c) => c.name).join(", ")} · {story.genre}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${secondaryButtonClass} min-h-11`} onClick={() => setRenaming(true)}>
            {STORY_COPY.rename}
          </button>
          <button type="button" className={`${secondaryButtonClass} min-h-11`} onClick={() => setDeleting(true)}>
            {STORY_COPY.delete}
          </button>
        </div>
      </header>

      <ol className="flex flex-col gap-5" aria-label="Story">
        {turns.map((t) =>
          t.role === "user" ? (
            <li key={t.id} className="flex flex-wrap items-center gap-2 text-sm text-brand-300">
              <span className="italic">→ {t.content}</span>
              {t.siblingIds.length > 1 && (
                <BranchSwitch turn={t} disabled={busy} onShow={(id) => api.submit(`/api/story/${story.id}`, "PATCH", { showMessageId: id })} />
              )}
            </li>
          ) : (
            <li key={t.id} className="flex flex-col gap-3" data-testid="story-passage">
              <StoryPassage text={t.content} />
              {t.id === last?.id ? (
                <Choices turn={t} disabled={busy} onChoose={(c) => choose(t.id, c)} />
              ) : (
                t.choices.length > 0 && (
                  <div>
                    <button
                      type="button"
                      className="min-h-11 text-sm text-zinc-400 underline-offset-2 hover:text-white hover:underline"
                      aria-expanded={openChoicesAt === t.id}
                      onClick={() => setOpenChoicesAt(openChoicesAt === t.id ? null : t.id)}
                    >
                      Choose differently here
                    </button>
                    {openChoicesAt === t.id && (
                      <Choices turn={t} disabled={busy} chosen={turns.find((u) => u.parentId === t.id)?.choiceId} onChoose={(c) => choose(t.id, c)} />
                    )}
                  </div>
                )
              )}
            </li>
          ),
        )}
        {turn.passage !== null && (
          <li aria-live="polite" className="flex flex-col gap-2">
            <p className="text-sm text-zinc-400">{STORY_COPY.writing}</p>
            <StoryPassage text={turn.passage} streaming />
          </li>
        )}
      </ol>

      {turn.failure && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-900 bg-red-950/40 p-3 text-sm text-red-300">
          <span className="flex-1">{turn.failure.message}</span>
          {turn.failure.allowanceEmpty ? (
            <UpgradeLink from="story" className={`${buttonClass} inline-flex min-h-11 items-center`}>
              Upgrade
            </UpgradeLink>
          ) : (
            <button type="button" className={`${secondaryButtonClass} min-h-11`} onClick={() => void turn.retry()} disabled={busy}>
              {STORY_COPY.retry}
            </button>
          )}
        </div>
      )}

      <form onSubmit={act} className="flex flex-col gap-2">
        <TextField
          id="story-action"
          label={STORY_COPY.actionLabel}
          value={action}
          onChange={setAction}
          rows={2}
          maxLength={STORY_LIMITS.actionMax}
          placeholder={STORY_COPY.actionPlaceholder}
          error={problem}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${buttonClass} min-h-11`} disabled={busy}>
            {STORY_COPY.act}
          </button>
          <button type="button" className={`${secondaryButtonClass} min-h-11`} disabled={busy || turns.length < 2} onClick={() => setUndoing(true)}>
            {STORY_COPY.undo}
          </button>
        </div>
      </form>
      <div ref={end} />

      <Modal open={renaming} onOpenChange={setRenaming} title={STORY_COPY.rename} description="Give this story a new title.">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) return;
            api.submit(`/api/story/${story.id}`, "PATCH", { title: title.trim() });
            setRenaming(false);
          }}
        >
          <TextField id="story-title" label={STORY_COPY.titleLabel} value={title} onChange={setTitle} maxLength={STORY_LIMITS.titleMax} />
          <button type="submit" className={`${buttonClass} min-h-11 self-end`} disabled={!title.trim() || title.trim() === story.title}>
            Save
          </button>
        </form>
      </Modal>
      <ConfirmDialog
        open={undoing}
        onOpenChange={setUndoing}
        title={STORY_COPY.undoConfirmTitle}
        description={STORY_COPY.undoConfirm}
        confirmLabel={STORY_COPY.undo}
        onConfirm={() => api.submit(`/api/story/${story.id}/undo`, "POST")}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={STORY_COPY.delete}
        description={STORY_COPY.deleteConfirm}
        confirmLabel={STORY_COPY.delete}
        onConfirm={() => void remove()}
      />
    </article>
  );
}

function Choices({ turn, disabled, chosen, onChoose }: { turn: StoryTurnView; disabled: boolean; chosen?: string | null; onChoose: (id: string) => void }) {
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Choices">
      {turn.choices.map((c) => (
        <button
          key={c.id}
          type="button"
          disabled={disabled}
          onClick={() => onChoose(c.id)}
          className={`${choiceClass} ${c.id === chosen ? "border-brand-500 bg-brand-600/20 text-white" : "border-zinc-700 bg-zinc-900 text-zinc-100 hover:border-brand-500 hover:bg-zinc-800"}`}
        >
          {c.text}
        </button>
      ))}
    </div>
  );
}

/** ‹ 1/2 › between the turns that answered the same passage: each is a branch of the story. */
function BranchSwitch({ turn, disabled, onShow }: { turn: StoryTurnView; disabled: boolean; onShow: (id: string) => void }) {
  const at = turn.index - 1;
  const count = turn.siblingIds.length;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-zinc-400" aria-label={`${STORY_COPY.branch} ${turn.index} of ${count}`}>
      <button
        type="button"
        className="h-11 w-11 rounded hover:bg-zinc-800 disabled:opacity-40"
        aria-label="Previous branch"
        disabled={disabled || at === 0}
        onClick={() => onShow(turn.siblingIds[at - 1])}
      >
        ‹
      </button>
      <span>
        {turn.index}/{count}
      </span>
      <button
        type="button"
        className="h-11 w-11 rounded hover:bg-zinc-800 disabled:opacity-40"
        aria-label="Next branch"
        disabled={disabled || at === count - 1}
        onClick={() => onShow(turn.siblingIds[at + 1])}
      >
        ›
      </button>
    </span>
  );
}
