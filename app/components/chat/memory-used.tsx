import { useEffect, useRef, useState, type ReactNode } from "react";
import { useApi } from "~/hooks/use-api";
import { MEMORY_MESSAGES } from "~/spec/messages";
import { secondaryButtonClass } from "../ui/field";
import { Sheet } from "../ui/sheet";

type Used = {
  messageId: string;
  pins: { id: string; text: string }[];
  recalled: { id: string; role: "user" | "character" | "system"; content: string; speakerId: string | null }[];
  summary: string | null;
  lore: string[];
};

const PREVIEW_CHARS = 280;
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
};

/**
 * "What it remembered" (issue 62): what a reply was written with besides the recent messages: the
 * memories, the older moments recalled (each one tap from its place in the chat, and kept for good
 * with "Keep as a memory"), the running summary and the world info. `base` is the conversation's
 * address (`/api/chats/:characterId` or `/api/groups/:id`); `messageId` the reply, null when closed.
 */
export function MemoryUsedDialog(props: {
  base: string;
  messageId: string | null;
  onClose: () => void;
  /** Who said a message: the person, the character, or a group's member. */
  nameOf: (m: { role: string; speakerId: string | null }) => string;
  onShow: (messageId: string) => void;
  /** A recalled message was kept as a memory (the chat marks it with a pin). */
  onKept?: (messageId: string) => void;
}) {
  const { base, messageId } = props;
  const used = useApi<Used>({ errorTitle: MEMORY_MESSAGES.failedTitle });
  const [kept, setKept] = useState<Set<string>>(new Set());
  // "Show in chat" moves focus to the message shown: focus does not go back to the menu (which would scroll the chat back down).
  const showing = useRef(false);
  const keeping = useApi<{ id: string }>({ revalidate: false, success: { title: MEMORY_MESSAGES.remembered }, errorTitle: MEMORY_MESSAGES.failedTitle });
  useEffect(() => {
    showing.current = false;
    if (messageId) used.load(`${base}/messages/${messageId}/memory`);
  }, [base, messageId]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = used.data && "recalled" in used.data && used.data.messageId === messageId ? used.data : null;
  const nothing = data && !data.pins.length && !data.recalled.length && !data.summary && !data.lore.length;

  function keep(id: string) {
    keeping.submit(`${base}/memory/pins`, "POST", { messageId: id });
    setKept((now) => new Set(now).add(id));
    props.onKept?.(id);
  }

  return (
    <Sheet
      open={!!messageId}
      onOpenChange={(open) => !open && props.onClose()}
      title={MEMORY_MESSAGES.usedTitle}
      description={MEMORY_MESSAGES.usedIntro}
      side="center"
      testId="memory-used"
      returnFocus={() => !showing.current}
    >
      {!data ? (
        <p className="text-sm text-zinc-400">Loading…</p>
      ) : nothing ? (
        <p className="text-sm text-zinc-300">{MEMORY_MESSAGES.usedNothing}</p>
      ) : (
        <div className="flex flex-col gap-5 text-sm">
          {data.pins.length > 0 && (
            <UsedSection name="pins" title={MEMORY_MESSAGES.usedPins}>
              <ul className="flex flex-col gap-2">
                {data.pins.map((pin) => (
                  <li key={pin.id} className="rounded-md border border-zinc-800 px-3 py-2 text-zinc-100">
                    {pin.text}
                  </li>
                ))}
              </ul>
            </UsedSection>
          )}
          {data.recalled.length > 0 && (
            <UsedSection name="recalled" title={MEMORY_MESSAGES.usedRecalled}>
              <ul className="flex flex-col gap-2">
                {data.recalled.map((m) => (
                  <li key={m.id} className="flex flex-col gap-2 rounded-md border border-zinc-800 px-3 py-2" data-testid="used-recalled-message">
                    <p className="break-words text-zinc-100">
                      <span className="font-semibold text-zinc-300">{props.nameOf(m)}: </span>
                      {preview(m.content)}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => {
                          showing.current = true;
                          props.onShow(m.id);
                        }}
                      >
                        {MEMORY_MESSAGES.showInChat}
                      </button>
                      <button type="button" className={secondaryButtonClass} disabled={kept.has(m.id)} onClick={() => keep(m.id)}>
                        {kept.has(m.id) ? MEMORY_MESSAGES.kept : MEMORY_MESSAGES.keep}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </UsedSection>
          )}
          {data.summary && (
            <UsedSection name="summary" title={MEMORY_MESSAGES.usedSummary}>
              <p className="whitespace-pre-wrap break-words rounded-md border border-zinc-800 px-3 py-2 text-zinc-100">{data.summary}</p>
            </UsedSection>
          )}
          {data.lore.length > 0 && (
            <UsedSection name="lore" title={MEMORY_MESSAGES.usedLore}>
              <p className="text-zinc-200">{data.lore.join(", ")}</p>
            </UsedSection>
          )}
        </div>
      )}
    </Sheet>
  );
}

/** A part of the list: its heading, and what the reply used of it. */
function UsedSection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`used-${name}`} data-testid={`used-${name}`}>
      <h3 id={`used-${name}`} className="mb-2 font-medium text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}
