import { useState } from "react";
import { buttonClass, TextField } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { LOCK_COPY, MODERATION_LIMITS, MODERATION_MESSAGES, type ModerationLock } from "~/spec/moderation";

/**
 * What a moderator's takedown holds of the owner's character, and why, with the way to appeal
 * (decision 026). Shown on the edit page above the form whose held controls are disabled.
 */
export function TakedownNotice({ characterId, lock }: { characterId: string; lock: ModerationLock }) {
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);
  const api = useApi({ success: { title: MODERATION_MESSAGES.appealSent }, onSuccess: () => setSent(true) });
  const parts = (["private", "nsfw", "tags"] as const).filter((part) => lock[part] !== undefined);
  return (
    <section
      role="status"
      aria-labelledby="takedown-heading"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-700 bg-amber-950/40 p-4"
      data-testid="takedown-notice"
    >
      <h2 id="takedown-heading" className="font-semibold text-amber-100">
        {LOCK_COPY.heading}
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-amber-50">
        {parts.map((part) => (
          <li key={part}>
            {LOCK_COPY[part]}
            {lock[part] ? <span className="block text-amber-200/80">{LOCK_COPY.note(lock[part]!)}</span> : null}
          </li>
        ))}
      </ul>
      {sent ? (
        <p className="text-sm text-amber-100">{LOCK_COPY.appealed}</p>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            api.submit(`/api/characters/${characterId}/appeal`, "POST", { message });
          }}
        >
          <TextField id="appeal" label={LOCK_COPY.appealLabel} value={message} onChange={setMessage} rows={2} maxLength={MODERATION_LIMITS.noteMax} />
          <button type="submit" className={`${buttonClass} min-h-11 self-start`} disabled={api.busy || !message.trim()}>
            {LOCK_COPY.appealSend}
          </button>
        </form>
      )}
    </section>
  );
}
