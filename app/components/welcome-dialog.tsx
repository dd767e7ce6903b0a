import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { PERSONA_TEXT_MAX, LIMITS } from "~/spec/limits";
import { WELCOME_MESSAGES as W } from "~/spec/messages";
import { buttonClass, secondaryButtonClass, TextField } from "./ui/field";
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
        <TextField
          id="welcome-name"
          label={W.nameLabel}
          value={name}
          onChange={setName}
          maxLength={LIMITS.displayNameMax}
          autoComplete="nickname"
          error={errors.name}
        />
        <TextField
          id="welcome-persona"
          label={W.personaLabel}
          value={persona}
          onChange={setPersona}
          rows={3}
          maxLength={PERSONA_TEXT_MAX}
          counter
          placeholder={W.personaPlaceholder}
          hint={W.personaHint}
          error={errors.persona}
        />
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
