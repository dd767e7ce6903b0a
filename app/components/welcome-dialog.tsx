import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { PERSONA_TEXT_MAX, LIMITS } from "~/spec/limits";
import { WELCOME_MESSAGES as W } from "~/spec/messages";
import { CharCounter } from "./ui/char-counter";
import { buttonClass, inputClass, secondaryButtonClass } from "./ui/field";
import { Modal } from "./ui/sheet";

/**
 * A first sign-in's one small step (issue 24): the name characters call the person (their address's
 * first word until they say otherwise) and, if they like, a short persona. Skipping, closing and
 * saving all end it; the root loader stops offering it once the server has cleared the step.
 */
export function WelcomeDialog({ name: suggested }: { name: string }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState(suggested);
  const [persona, setPersona] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const call = useApi({
    onError: (error) => (setErrors(error.fields ?? { name: error.message }), false),
    // The server greets them with a toast on the reloaded page (its flash): this dialog is gone by then.
    onSuccess: () => setOpen(false),
  });
  const skipping = useApi({ onSuccess: () => setOpen(false) });
  const busy = call.busy || skipping.busy;
  const skip = () => skipping.submit("/api/welcome", "POST", { skip: true });

  function save(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    call.submit("/api/welcome", "POST", { name: name.trim(), ...(persona.trim() ? { persona: persona.trim() } : {}) });
  }

  return (
    <Modal open={open} onOpenChange={(next) => (next ? setOpen(true) : busy || skip())} title={W.title} description={W.intro} testId="welcome-dialog">
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="welcome-name" className="text-sm font-medium text-zinc-200">
            {W.nameLabel}
          </label>
          <input
            id="welcome-name"
            value={name}
            maxLength={LIMITS.displayNameMax}
            onChange={(e) => setName(e.target.value)}
            autoComplete="nickname"
            aria-invalid={errors.name ? true : undefined}
            aria-errormessage={errors.name ? "welcome-name-error" : undefined}
            className={inputClass}
          />
          {errors.name && (
            <p id="welcome-name-error" role="alert" className="text-sm text-red-400">
              {errors.name}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor="welcome-persona" className="text-sm font-medium text-zinc-200">
              {W.personaLabel}
            </label>
            <CharCounter value={persona} max={PERSONA_TEXT_MAX} />
          </div>
          <textarea
            id="welcome-persona"
            rows={3}
            value={persona}
            maxLength={PERSONA_TEXT_MAX}
            placeholder={W.personaPlaceholder}
            onChange={(e) => setPersona(e.target.value)}
            aria-invalid={errors.persona ? true : undefined}
            aria-errormessage={errors.persona ? "welcome-persona-error" : undefined}
            className={inputClass}
          />
          <p className="text-xs text-zinc-400">{W.personaHint}</p>
          {errors.persona && (
            <p id="welcome-persona-error" role="alert" className="text-sm text-red-400">
              {errors.persona}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={skip} disabled={busy} className={secondaryButtonClass}>
            {W.skip}
          </button>
          <button type="submit" disabled={busy || !name.trim()} className={buttonClass}>
            {call.busy ? "Saving..." : W.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
