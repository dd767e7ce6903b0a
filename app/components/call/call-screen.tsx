/**
 * The call screen (issue 63): over the chat, the character's picture, who is speaking, a live caption
 * of what was heard and of the reply, the minutes left, Mute and End call. The whole exchange stays in
 * the chat underneath, as messages like any others.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { CALL_MESSAGES } from "~/spec/calls";
import { useCall, type CallChat, type CallPhase } from "./use-call";

export type CallScreenProps = {
  target: { characterId: string } | { groupId: string };
  name: string;
  thumbnailUrl: string;
  chat: CallChat;
  browserVoice: (speakerId?: string) => { lang: string; voice: SpeechSynthesisVoice | null };
  onClose: () => void;
};

const statusOf = (phase: CallPhase, name: string, muted: boolean) =>
  phase === "ended"
    ? CALL_MESSAGES.endedNote
    : muted
      ? CALL_MESSAGES.muted
      : phase === "connecting"
        ? CALL_MESSAGES.connecting
        : phase === "hearing"
          ? CALL_MESSAGES.hearing
          : phase === "thinking"
            ? CALL_MESSAGES.thinking
            : phase === "speaking"
              ? CALL_MESSAGES.speaking(name)
              : CALL_MESSAGES.listening;

/** Narration out of the caption: the words as they are spoken. */
const caption = (text: string) =>
  text
    .replace(/\*[^*]*\*?/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export function CallScreen({ target, name, thumbnailUrl, chat, browserVoice, onClose }: CallScreenProps) {
  const call = useCall({ target, chat, browserVoice });
  const live = call.phase !== "ended";
  const close = () => {
    call.hangUp();
    onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content
          data-testid="call-screen"
          aria-describedby="call-status"
          className="fixed inset-0 z-50 flex flex-col items-center justify-between gap-6 overflow-y-auto bg-zinc-950 p-6 text-center focus:outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[90vh] sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-zinc-800"
        >
          <Dialog.Title className="text-lg font-semibold text-white">{CALL_MESSAGES.callWith(name)}</Dialog.Title>
          <div className="flex flex-col items-center gap-4">
            <img
              src={thumbnailUrl}
              alt=""
              width={160}
              height={160}
              className={`h-40 w-40 rounded-full object-cover ring-4 transition ${call.phase === "speaking" ? "ring-violet-500" : "ring-zinc-800"}`}
            />
            <p id="call-status" role="status" aria-live="polite" className="min-h-6 text-sm text-zinc-300" data-testid="call-status">
              {statusOf(call.phase, name, call.muted)}
            </p>
          </div>
          <div className="w-full max-w-md space-y-3 text-left text-sm" data-testid="call-captions" aria-live="polite">
            {call.heard && (
              <p className="rounded-lg bg-zinc-900 p-3 text-zinc-200">
                <span className="font-semibold text-zinc-400">{CALL_MESSAGES.youSaid}: </span>
                <span data-testid="call-heard">{call.heard}</span>
              </p>
            )}
            {call.reply && live && (
              <p className="rounded-lg bg-violet-950/60 p-3 text-zinc-100">
                <span className="font-semibold text-violet-300">{name}: </span>
                <span data-testid="call-reply">{caption(call.reply)}</span>
              </p>
            )}
          </div>
          {call.problem && (
            <p role="alert" className="w-full max-w-md rounded-lg border border-amber-700 bg-amber-950/60 p-3 text-sm text-amber-100">
              {call.problem}
            </p>
          )}
          {call.secondsLeft !== null && live && <p className="text-xs text-zinc-400">{CALL_MESSAGES.minutesLeft(Math.ceil(call.secondsLeft / 60))}</p>}
          <div className="flex w-full max-w-md justify-center gap-4 pb-2">
            {live ? (
              <>
                <button
                  type="button"
                  aria-pressed={call.muted}
                  onClick={() => call.setMuted(!call.muted)}
                  className="min-h-12 min-w-28 rounded-full border border-zinc-600 px-5 font-semibold text-white hover:bg-zinc-800"
                >
                  {call.muted ? CALL_MESSAGES.unmute : CALL_MESSAGES.mute}
                </button>
                <button type="button" onClick={close} className="min-h-12 min-w-28 rounded-full bg-red-600 px-5 font-semibold text-white hover:bg-red-500">
                  {CALL_MESSAGES.endCall}
                </button>
              </>
            ) : (
              <Dialog.Close className="min-h-12 min-w-28 rounded-full border border-zinc-600 px-5 font-semibold text-white hover:bg-zinc-800">
                Close
              </Dialog.Close>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
