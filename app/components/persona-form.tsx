import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { personaSchema } from "~/lib/forms/account";
import { fieldErrors } from "~/lib/forms/errors";
import { PERSONA_NAME_MAX, PERSONA_TEXT_MAX } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { CharCounter } from "./ui/char-counter";
import { buttonClass, Field, inputClass, secondaryButtonClass } from "./ui/field";

export type PersonaDraft = { name: string; persona: string };

/**
 * Name and persona text with live counters, checked in the browser with the schema the API uses,
 * then saved to `action`. Save is disabled when empty or over a limit.
 */
export function PersonaForm({
  initial,
  submitLabel,
  idPrefix,
  action,
  method,
  isDefault,
  successTitle,
  onSaved,
  onCancel,
}: {
  initial: PersonaDraft;
  submitLabel: string;
  idPrefix: string;
  action: string;
  method: "POST" | "PUT";
  isDefault?: boolean;
  successTitle: string;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useApi({
    errorTitle: MESSAGES.persona.errorTitle,
    fallback: MESSAGES.persona.error,
    duration: 3000,
    onError: (error) => setErrors(error.fields ?? {}),
    success: { title: successTitle, description: method === "PUT" ? MESSAGES.persona.success : undefined },
    onSuccess: () => {
      if (!onCancel) setDraft({ name: "", persona: "" });
      onSaved?.();
    },
  });
  const invalid = !draft.name.trim() || !draft.persona.trim() || draft.name.length > PERSONA_NAME_MAX || draft.persona.length > PERSONA_TEXT_MAX;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = personaSchema.safeParse({ ...draft, ...(isDefault !== undefined ? { isDefault } : {}) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    saving.submit(action, method, parsed.data);
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <Field label="Name" htmlFor={`${idPrefix}-name`} counter={<CharCounter value={draft.name} max={PERSONA_NAME_MAX} />} error={errors.name}>
        <input id={`${idPrefix}-name`} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} className={inputClass} />
      </Field>
      <Field
        label="Persona"
        htmlFor={`${idPrefix}-persona`}
        counter={<CharCounter value={draft.persona} max={PERSONA_TEXT_MAX} />}
        hint="Who you are in the chat: looks, personality, what the characters should know about you."
        error={errors.persona}
      >
        <textarea
          id={`${idPrefix}-persona`}
          rows={4}
          value={draft.persona}
          onChange={(e) => setDraft({ ...draft, persona: e.target.value })}
          className={inputClass}
        />
      </Field>
      <div className="flex gap-2">
        <button type="submit" disabled={invalid || saving.busy} className={buttonClass}>
          {saving.busy ? "Saving..." : submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
