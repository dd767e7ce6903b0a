import { useEffect, useRef, useState } from "react";
import TextareaAutosize from "react-textarea-autosize";
import { useSignIn } from "../auth/sign-in-dialog";
import { LocalTime } from "../ui/local-time";
import { UpgradeLink } from "~/components/upgrade-link";
import type { Allowance } from "./use-allowance";

/** The longest wait a browser's timer takes (about 24.8 days); a later time is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the time has come (false until then, and on the server). A page left open past an
 * allowance's reset lets the person write again; their object refills it when the page reads it again.
 */
function usePassed(iso: string | null) {
  // Which time has passed, so a new one (a later reset) is not passed until its own check says so.
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    const at = iso ? Date.parse(iso) : NaN;
    if (Number.isNaN(at)) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const wait = at - Date.now();
      if (wait <= 0) setPassed(iso);
      else timer = setTimeout(check, Math.min(wait, LONGEST_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [iso]);
  return iso !== null && passed === iso;
}

/** The message box: Enter sends (when the preference says so), Stop while a reply streams. */
export function Composer({
  characterName,
  signedIn,
  enterToSend,
  streaming,
  busy,
  allowance,
  onSend,
  onStop,
  onReset,
}: {
  characterName: string;
  signedIn: boolean;
  enterToSend: boolean;
  streaming: boolean;
  busy: boolean;
  allowance: Allowance | null;
  onSend: (text: string) => Promise<{ ok: boolean; error?: string }>;
  onStop: () => void;
  /** The allowance's reset time has passed with none left: the page reads what is left now. */
  onReset?: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { openSignIn } = useSignIn();
  const empty = !!allowance && !allowance.unlimited && allowance.remaining <= 0;
  const refilled = usePassed(empty ? allowance.resetAt : null);
  const spent = empty && !refilled;
  // The latest callback, so the read happens once per reset, not on every render while it has passed.
  const reset = useRef(onReset);
  useEffect(() => {
    reset.current = onReset;
  });
  useEffect(() => {
    if (refilled) reset.current?.();
  }, [refilled]);

  if (!signedIn)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-zinc-800 bg-zinc-900 p-4 text-center">
        <p className="text-sm text-zinc-300">Sign in to talk with {characterName}.</p>
        <button type="button" onClick={openSignIn} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Sign In / Sign Up
        </button>
      </div>
    );

  async function submit() {
    const content = text.trim();
    if (!content || busy || spent) return;
    setError(null);
    setText("");
    const result = await onSend(content);
    // Nothing typed is lost: a refused message goes back into the box.
    if (!result.ok) {
      setText(content);
      setError(result.error ?? null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {spent && (
        <p role="status" className="rounded-md border border-amber-800 bg-amber-950/40 px-3 py-2 text-sm text-amber-100" data-testid="allowance-empty">
          You have used all your messages for now.
          {allowance?.resetAt && (
            <>
              {" "}
              Resets at <LocalTime iso={allowance.resetAt} />.
            </>
          )}{" "}
          <UpgradeLink from="composer" className="font-semibold underline">
            Upgrade
          </UpgradeLink>{" "}
          for unlimited messages.
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-900 bg-red-950/50 px-3 py-2 text-sm text-red-100">
          {error}
        </p>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="chat-input" className="sr-only">
          Message {characterName}
        </label>
        {/* Grows with what is written, wrapped lines too, up to six lines; then it scrolls. */}
        <TextareaAutosize
          id="chat-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (enterToSend && e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          minRows={1}
          maxRows={6}
          maxLength={4000}
          disabled={!!spent}
          placeholder={spent ? "No messages left" : "Type a message"}
          className="min-h-11 flex-1 resize-none rounded-xl border border-zinc-700 bg-zinc-900 px-4 py-2.5 text-zinc-100 placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        {streaming ? (
          <button type="button" onClick={onStop} className="h-11 rounded-xl bg-zinc-700 px-4 text-sm font-semibold text-white hover:bg-zinc-600">
            Stop
          </button>
        ) : (
          <button
            type="submit"
            disabled={busy || !text.trim() || !!spent}
            className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            Send
          </button>
        )}
      </form>
      {/* After a reset the count shows once the page has read it again. */}
      {allowance && !allowance.unlimited && allowance.remaining > 0 && (
        <p className="text-right text-xs text-zinc-400" data-testid="allowance-left">
          {allowance.remaining} {allowance.remaining === 1 ? "message" : "messages"} left
        </p>
      )}
    </div>
  );
}
