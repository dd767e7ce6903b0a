import { ReportDialog } from "~/components/report-dialog";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CALL_MESSAGES } from "~/spec/calls";
import { CHAT_FILE_MESSAGES, CHAT_MESSAGES, MEMORY_MESSAGES } from "~/spec/messages";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSwipeable } from "react-swipeable";
import TextareaAutosize from "react-textarea-autosize";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { closeOpenEmphasis } from "~/lib/chat/streaming-text";
import { useHydrated } from "~/hooks/use-hydrated";
import type { ChatMessage } from "~/user-store/chat-tree";
import { ChatText } from "./chat-text";
import { Icon } from "../icons";
import { actionButton, iconButton, MoreActions, type Action } from "./message-action-buttons";
import { messageActions, PRIMARY_ACTIONS, type MessageActionKind } from "./message-actions";
import { CHAT_MODELS } from "~/spec/models";

/** A model of ours (Mage, Witch…), named on screen by the server's label; any other name came with an imported file. */
const ownModel = (model: string) => CHAT_MODELS.some((m) => m.name === model);

export type MessageActions = {
  regenerate: (m: ChatMessage) => void;
  showBranch: (id: string) => void;
  /** Opens "All branches", the chat's tree of branches (a group has none yet: the marker is not shown). */
  openBranches?: () => void;
  editCharacter: (m: ChatMessage, content: string) => void;
  editUser: (m: ChatMessage, content: string) => void;
  remove: (m: ChatMessage) => void;
  /** Continue (a chat's replies; not offered in a group). */
  continueMessage?: (m: ChatMessage) => void;
  play: (m: ChatMessage) => void;
  picture: (m: ChatMessage) => void;
  /** "Remember this": the message becomes one of the chat's memories (issue 25). */
  remember?: (m: ChatMessage) => void;
  /** "What it remembered": what the reply was written with (issue 62). */
  showMemory?: (m: ChatMessage) => void;
};

/** The reply was written with something besides the recent messages (issue 62). */
const usedMemory = (used: ChatMessage["memory"]) => !!used && (used.summary || used.pins.length + used.recalled.length + used.lore.length > 0);

type Props = {
  message: ChatMessage;
  streamingText: string | null;
  names: { user: string; character: string };
  thumbnailUrl: string;
  bubbles: { user: string; character: string; fontSize: number; showUser: boolean; showCharacter: boolean };
  chatUI: "v1" | "v2";
  busy: boolean;
  /** How many messages come after this one on screen (0 for the last): what a branch from here keeps aside. */
  later: number;
  actions: MessageActions;
  label: string | null;
  /** Guests: read, swipe the greetings, copy and listen; nothing that changes the chat. */
  readOnly?: boolean;
  /** The camera button: pictures are on (Show Images) for a signed-in user. */
  canPicture?: boolean;
  /** The message's pictures, shown under it. */
  pictures?: ReactNode;
  /** Report is offered (a chat's replies; a group's are not reported from here yet). */
  canReport?: boolean;
  /** The message is remembered (pinned in Memory): it wears a pin. */
  pinned?: boolean;
};

/** The bubbles' look, from the person's preferences (a chat's and a group's alike). */
export const bubblesOf = (prefs: {
  userMessageBubbleColor: string;
  characterMessageBubbleColor: string;
  fontSize: number;
  userMessageBubble: boolean;
  characterMessageBubble: boolean;
}): Props["bubbles"] => ({
  user: prefs.userMessageBubbleColor,
  character: prefs.characterMessageBubbleColor,
  fontSize: prefs.fontSize,
  showUser: prefs.userMessageBubble,
  showCharacter: prefs.characterMessageBubble,
});

/** One message: its text (markdown), ‹ n/m › between alternatives, and its actions. */
export function MessageItem({
  message,
  streamingText,
  names,
  thumbnailUrl,
  bubbles,
  chatUI,
  busy,
  later,
  actions,
  label,
  readOnly = false,
  canPicture = false,
  pictures,
  canReport = true,
  pinned = false,
}: Props) {
  const [editing, setEditing] = useState(false);
  const hydrated = useHydrated();
  const editBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = editBox.current;
    if (!editing || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [editing]);
  const [draft, setDraft] = useState(message.content);
  const [copied, setCopied] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [branching, setBranching] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isLast = later === 0;
  // An earlier message branches: the later ones stay where they are, one swipe away (issue 24).
  const laterStay = later > 0 ? CHAT_MESSAGES.laterStay(later, message.index, message.count + 1) : null;
  const isUser = message.role === "user";
  // A hidden line of an imported chat (SillyTavern's is_system): shown, never sent to the character.
  const isNote = message.role === "system";
  const text = fillPlaceholders(streamingText === null ? message.content : closeOpenEmphasis(streamingText), names.user, names.character);
  const bubble = isUser ? (bubbles.showUser ? bubbles.user : "") : bubbles.showCharacter ? bubbles.character : "";
  const streamingNow = streamingText !== null;

  // The last reply's › past its last version writes a new one, as a swipe does (SillyTavern, character.ai).
  const swipeWrites = !readOnly && !isUser && !isNote && isLast && !!message.parentId && message.status === "complete";
  const showSwipes = message.count > 1 || swipeWrites;
  const atEnd = message.index >= message.count;
  const previous = () => message.previousId && actions.showBranch(message.previousId);
  const next = () => (atEnd || !message.nextId ? swipeWrites && actions.regenerate(message) : actions.showBranch(message.nextId));
  // Touch screens: a finger moving left shows the next version (or writes one), right the previous.
  const still = busy || editing || streamingNow;
  const swipe = useSwipeable({ onSwipedLeft: () => !still && next(), onSwipedRight: () => !still && previous(), delta: 60 });

  const copy = () =>
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  const byKind: Record<MessageActionKind, Omit<Action, "primary">> = {
    regenerate: { label: "Regenerate", icon: "regenerate", onSelect: () => actions.regenerate(message), disabled: busy },
    branch: { label: CHAT_MESSAGES.branchAction, icon: "branch", onSelect: () => setBranching(true), disabled: busy },
    play: { label: "Play", icon: "play", aria: "Play message aloud", onSelect: () => actions.play(message) },
    picture: { label: "Picture", icon: "picture", aria: "Make a picture of this moment", onSelect: () => actions.picture(message) },
    continue: { label: "Continue", icon: "continue", onSelect: () => actions.continueMessage?.(message), disabled: busy },
    edit: { label: "Edit", icon: "edit", onSelect: () => (setDraft(message.content), setEditing(true)), disabled: busy },
    copy: { label: copied ? "Copied" : "Copy", icon: "copy", onSelect: copy },
    remember: { label: MEMORY_MESSAGES.remember, icon: "remember", onSelect: () => actions.remember?.(message), disabled: busy },
    remembered: { label: MEMORY_MESSAGES.usedTitle, icon: "details", onSelect: () => actions.showMemory?.(message) },
    // With later messages it asks first (they go with it); the last one goes at once.
    delete: { label: "Delete", icon: "delete", onSelect: () => (later > 0 ? setDeleting(true) : actions.remove(message)), disabled: busy, danger: true },
    report: { label: "Report", icon: "report", aria: "Report this message", onSelect: () => setReporting(true) },
  };
  const offered = messageActions({
    role: isUser ? "user" : isNote ? "system" : "character",
    status: message.status,
    isLast,
    hasParent: !!message.parentId,
    hasContent: !!message.content.trim(),
    readOnly,
    canPicture,
    canContinue: !!actions.continueMessage,
    canRemember: !!actions.remember,
    canReport,
    canShowMemory: !!actions.showMemory && usedMemory(message.memory),
  });
  // A stopped reply's Continue stands beside "Stopped", not again in the row.
  const more: Action[] = offered
    .filter((kind) => !(message.stopped && kind === "continue"))
    .map((kind) => ({ ...byKind[kind], primary: PRIMARY_ACTIONS.has(kind) }));

  function saveEdit() {
    const content = draft.trim();
    if (!content || content === message.content) return setEditing(false);
    setEditing(false);
    if (isUser) actions.editUser(message, content);
    else actions.editCharacter(message, content);
  }

  return (
    <li
      className={`flex gap-3 rounded-lg outline-offset-4 focus:outline-none data-[highlight=true]:outline data-[highlight=true]:outline-2 data-[highlight=true]:outline-brand-400 ${isUser && chatUI === "v2" ? "flex-row-reverse" : ""}`}
      data-testid="chat-message"
      data-message-id={message.id}
      data-role={message.role}
      data-status={streamingNow ? "streaming" : message.status}
    >
      {!isUser && !isNote && <img src={thumbnailUrl} alt="" width={36} height={36} className="mt-1 h-9 w-9 shrink-0 rounded-full object-cover" />}
      {isNote && <span aria-hidden className="w-9 shrink-0" />}
      <div className={`flex min-w-0 max-w-[85%] flex-col gap-1 ${editing ? "w-full" : ""} ${isUser && chatUI === "v2" ? "items-end" : ""}`}>
        <span className="flex flex-wrap items-center gap-2 text-xs font-semibold text-zinc-400">
          {isNote ? CHAT_FILE_MESSAGES.note : isUser ? names.user : names.character}
          {pinned && (
            <span className="inline-flex items-center gap-1 font-medium text-amber-300" data-testid="pinned-mark">
              <Icon name="remember" className="size-3.5" />
              {MEMORY_MESSAGES.pinned}
            </span>
          )}
          {message.branched && !readOnly && actions.openBranches && (
            // The chat forks here: the marker says so and opens the tree; ‹ › below is the way back.
            <button
              type="button"
              onClick={actions.openBranches}
              data-testid="branch-marker"
              aria-label={CHAT_MESSAGES.branchPointLabel(message.index, message.count)}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border border-brand-700/70 bg-brand-950/60 px-2 font-medium text-brand-200 hover:bg-brand-900/60"
            >
              <Icon name="branch" className="size-3.5" />
              {CHAT_MESSAGES.branchPoint(message.index, message.count)}
            </button>
          )}
        </span>
        <div
          {...(showSwipes ? swipe : {})}
          data-testid="message-bubble"
          className={
            isNote
              ? "rounded-2xl border border-dashed border-zinc-700 px-4 py-2 italic text-zinc-300"
              : `rounded-2xl px-4 py-2 text-zinc-100 ${bubble} ${bubble ? "" : "px-0"} ${editing ? "w-full" : ""}`
          }
          style={{ fontSize: bubbles.fontSize }}
        >
          {editing ? (
            <div className="flex flex-col gap-2">
              <label className="sr-only" htmlFor={`edit-${message.id}`}>
                Edit message
              </label>
              {laterStay && (
                <p className="text-xs text-zinc-400" data-testid="edit-branch-note">
                  {laterStay}
                </p>
              )}
              <TextareaAutosize
                id={`edit-${message.id}`}
                data-testid="edit-box"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
                minRows={2}
                maxRows={18}
                ref={editBox}
                className="w-full resize-none rounded-md border border-zinc-700 bg-zinc-950 p-2 leading-relaxed"
              />
              <div className="flex justify-end gap-2">
                <button type="button" onClick={() => setEditing(false)} className="rounded-md px-3 py-1 text-sm text-zinc-300 hover:bg-zinc-800">
                  Cancel
                </button>
                <button type="button" onClick={saveEdit} className="rounded-md bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700">
                  {isUser ? "Save and send" : "Save"}
                </button>
              </div>
            </div>
          ) : text ? (
            <ChatText text={text} />
          ) : (
            <span className="inline-flex gap-1 py-2" aria-label={`${names.character} is writing`}>
              <span className="h-2 w-2 animate-bounce rounded-full bg-zinc-400" />
              <span className="h-2 w-2 animate-bounce rounded-full bg-zinc-400 [animation-delay:150ms]" />
              <span className="h-2 w-2 animate-bounce rounded-full bg-zinc-400 [animation-delay:300ms]" />
            </span>
          )}
          {message.stopped && !streamingNow && (
            // A reply the person stopped says so, with Continue beside it (when it can go on).
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-400" data-testid="stopped-note">
              <span>{message.interrupted ? CALL_MESSAGES.interrupted : CHAT_MESSAGES.replyStopped}</span>
              {offered.includes("continue") && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => actions.continueMessage?.(message)}
                  className="inline-flex min-h-8 items-center rounded-md border border-zinc-700 px-2 font-semibold text-zinc-200 hover:bg-zinc-800 disabled:opacity-50"
                >
                  Continue
                </button>
              )}
            </div>
          )}
          {message.status === "failed" && !streamingNow && (
            <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-red-900 bg-red-950/50 px-3 py-2 text-sm text-red-100">
              <span>{message.error ?? "The reply failed."}</span>
              <button
                type="button"
                disabled={busy}
                onClick={() => actions.regenerate(message)}
                className="rounded-md bg-red-800 px-2 py-0.5 font-semibold text-white hover:bg-red-700 disabled:opacity-50"
              >
                Retry
              </button>
            </div>
          )}
        </div>
        {pictures}
        {!editing && !streamingNow && (
          <div className="flex flex-wrap items-center gap-0.5" data-testid="message-actions">
            {showSwipes && (
              <span className="flex items-center text-xs text-zinc-400">
                <button
                  type="button"
                  disabled={busy || message.index <= 1}
                  onClick={previous}
                  className={`${iconButton} swipe-arrow`}
                  aria-label="Previous version"
                >
                  ‹
                </button>
                <span data-testid="swipe-position">
                  {message.index}/{message.count}
                </span>
                <button
                  type="button"
                  disabled={busy || (atEnd && !swipeWrites)}
                  onClick={next}
                  className={`${iconButton} swipe-arrow`}
                  aria-label={atEnd ? "Write another version" : "Next version"}
                >
                  ›
                </button>
              </span>
            )}
            {more.filter((a) => a.primary).map(actionButton)}
            {/* Phones keep one row: the rest of the actions are in a menu; wider screens show them all, from
                hydration on (before it no button works, and the server's page is a third smaller without them). */}
            {hydrated && more.filter((a) => !a.primary).map((a) => actionButton({ ...a, className: "hidden sm:inline-flex" }))}
            <MoreActions items={more.filter((a) => !a.primary)} />
            {/* Which model wrote it: ours by the server's label; an imported one by the name its file gave (issue 61). Not said of a note. */}
            {!isUser && !isNote && message.parentId && message.model && (ownModel(message.model) ? label : true) && (
              <span className="ml-1 whitespace-nowrap text-[11px] text-zinc-400" data-testid="model-label">
                {ownModel(message.model) ? label : message.model}
              </span>
            )}
          </div>
        )}
      </div>
      {branching && laterStay && (
        <ConfirmDialog
          open={branching}
          onOpenChange={setBranching}
          title={CHAT_MESSAGES.branchTitle}
          description={`${CHAT_MESSAGES.branchHint} ${laterStay}`}
          confirmLabel={CHAT_MESSAGES.branchAction}
          onConfirm={() => actions.regenerate(message)}
          tone="primary"
          testId="branch-dialog"
        />
      )}
      {deleting && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={CHAT_MESSAGES.deleteLaterTitle(later)}
          description={CHAT_MESSAGES.deleteLaterHint}
          confirmLabel={CHAT_MESSAGES.deleteAction}
          onConfirm={() => actions.remove(message)}
          testId="delete-dialog"
        />
      )}
      {reporting && <ReportDialog open={reporting} onOpenChange={setReporting} target={{ type: "message", id: message.id }} />}
    </li>
  );
}
