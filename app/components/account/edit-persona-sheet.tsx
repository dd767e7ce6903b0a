import { useRevalidator } from "@remix-run/react";
import { api } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";
import { PersonaForm } from "../persona-form";
import { Sheet } from "../ui/sheet";

type Persona = { id: string; name: string; persona: string; isDefault: boolean };

/** Edits the active persona from the account page. */
export function EditPersonaSheet({ open, onOpenChange, persona }: { open: boolean; onOpenChange: (open: boolean) => void; persona: Persona }) {
  const { revalidate } = useRevalidator();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Edit persona" description="Who you are when you chat." testId="edit-persona-sheet">
      <PersonaForm
        key={persona.id}
        idPrefix="account-persona"
        initial={{ name: persona.name, persona: persona.persona }}
        submitLabel="Save changes"
        onCancel={() => onOpenChange(false)}
        onSubmit={async (draft) => {
          const result = await api(`/api/personas/${persona.id}`, { method: "PUT", body: { ...draft, isDefault: persona.isDefault } });
          if (!result.ok) {
            toast({ title: MESSAGES.persona.errorTitle, description: result.error || MESSAGES.persona.error, variant: "destructive", duration: 3000 });
            return false;
          }
          toast({ title: MESSAGES.persona.successTitle, description: MESSAGES.persona.success, variant: "success", duration: 3000 });
          onOpenChange(false);
          revalidate();
          return true;
        }}
      />
    </Sheet>
  );
}
