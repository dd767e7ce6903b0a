import { MESSAGES } from "~/spec/messages";
import { PersonaForm } from "../persona-form";
import { Sheet } from "../ui/sheet";

type Persona = { id: string; name: string; persona: string; isDefault: boolean };

/** Edits the active persona from the account page. */
export function EditPersonaSheet({ open, onOpenChange, persona }: { open: boolean; onOpenChange: (open: boolean) => void; persona: Persona }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Edit persona" description="Who you are when you chat." testId="edit-persona-sheet">
      <PersonaForm
        key={persona.id}
        idPrefix="account-persona"
        initial={{ name: persona.name, persona: persona.persona }}
        action={`/api/personas/${persona.id}`}
        method="PUT"
        isDefault={persona.isDefault}
        submitLabel="Save changes"
        successTitle={MESSAGES.persona.successTitle}
        onCancel={() => onOpenChange(false)}
        onSaved={() => onOpenChange(false)}
      />
    </Sheet>
  );
}
