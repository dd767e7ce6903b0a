import { useState } from "react";
import { PERSONA_NAME_MAX, PERSONA_TEXT_MAX } from "~/spec/limits";
import { CharCounter } from "./ui/char-counter";
import { buttonClass, Field, inputClass, secondaryButtonClass } from "./ui/field";

export type PersonaDraft = { name: string; persona: string };

/** Name and persona text with live counters; Save is disabled when empty or over a limit. */
export function PersonaForm({ initial, submitLabel, onSubmit, onCancel, idPrefix }: { initial: PersonaDraft; submitLabel: string; onSubmit: (draft: PersonaDraft) => Promise<boolean>; onCancel?: () => void; idPrefix: string }) {
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const invalid = !draft.name.trim() || !draft.persona.trim() || draft.name.length > PERSONA_NAME_MAX || draft.persona.length > PERSONA_TEXT_MAX;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const done = await onSubmit(draft);
        setBusy(false);
        if (done && !onCancel) setDraft({ name: "", persona: "" });
      }}
    >
      <Field label="Name" htmlFor={`${idPrefix}-name`} counter={<CharCounter value={draft.name} max={PERSONA_NAME_MAX} />}>
        <input id={`${idPrefix}-name`} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} className={inputClass} />
      </Field>
      <Field label="Persona" htmlFor={`${idPrefix}-persona`} counter={<CharCounter value={draft.persona} max={PERSONA_TEXT_MAX} />} hint="Who you are in the chat: looks, personality, what the characters should know about you.">
        <textarea id={`${idPrefix}-persona`} rows={4} value={draft.persona} onChange={(e) => setDraft({ ...draft, persona: e.target.value })} className={inputClass} />
      </Field>
      <div className="flex gap-2">
        <button type="submit" disabled={invalid || busy} className={buttonClass}>
          {busy ? "Saving..." : submitLabel}
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
