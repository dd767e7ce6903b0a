import { useState } from "react";
import { PageHeader } from "~/components/page-header";
import { PersonaForm } from "~/components/persona-form";
import { DeleteButton } from "~/components/ui/confirm-dialog";
import { Card, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { defaultPersona } from "~/lib/personas";
import { toast } from "~/lib/toast";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";
import { MESSAGES, PERSONA_PAGE } from "~/spec/messages";
import { PERSONAS_COPY as COPY } from "~/spec/pages";

type Persona = { id: string; name: string; persona: string; isDefault: boolean };

/** The user's personas: each one to edit, delete or make the default, and a form for a new one. */
export function PersonasPage({ personas }: { personas: Persona[] }) {
  const active = defaultPersona(personas);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <PageHeader title={COPY.title}>{COPY.intro}</PageHeader>
      {personas.length === 0 && <p className="text-zinc-400">{COPY.none}</p>}
      <ul className="flex flex-col gap-3" data-testid="persona-list">
        {personas.map((p) => (
          <PersonaItem key={p.id} persona={p} isActive={p.id === active?.id} />
        ))}
      </ul>
      {personas.length < PERSONAS_PER_USER_MAX ? (
        <Card title={COPY.newPersona} testId="new-persona">
          <PersonaForm
            idPrefix="new"
            initial={{ name: "", persona: "" }}
            action="/api/personas"
            method="POST"
            isDefault={personas.length === 0}
            submitLabel={COPY.create}
            successTitle={PERSONA_PAGE.created}
          />
        </Card>
      ) : (
        <p className="text-sm text-zinc-400">
          {COPY.limitLead}
          {PERSONAS_PER_USER_MAX}
          {COPY.limitTail}
        </p>
      )}
    </div>
  );
}

function PersonaItem({ persona, isActive }: { persona: Persona; isActive: boolean }) {
  const [editing, setEditing] = useState(false);
  const makeDefault = useApi({ fallback: MESSAGES.savedChats.failedDefault });
  const remove = useApi({ onSuccess: () => toast({ title: PERSONA_PAGE.deleted }) });
  const url = `/api/personas/${persona.id}`;

  return (
    <li className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" data-testid="persona-item">
      {editing ? (
        <PersonaForm
          idPrefix={`edit-${persona.id}`}
          initial={{ name: persona.name, persona: persona.persona }}
          action={url}
          method="PUT"
          isDefault={persona.isDefault}
          submitLabel={COPY.save}
          successTitle={MESSAGES.persona.successTitle}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="flex items-center justify-between gap-3">
            <h2 className="font-semibold text-white">{persona.name}</h2>
            {isActive && <span className="rounded-full bg-brand-700/40 px-2 py-0.5 text-xs text-brand-300">{COPY.isDefault}</span>}
          </div>
          <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-300">{persona.persona}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
              {COPY.edit}
            </button>
            {!isActive && (
              <button
                type="button"
                onClick={() => makeDefault.submit(url, "PUT", { name: persona.name, persona: persona.persona, isDefault: true })}
                className={secondaryButtonClass}
              >
                {COPY.makeDefault}
              </button>
            )}
            <DeleteButton
              label={COPY.delete}
              title={COPY.confirmDelete(persona.name)}
              description={COPY.deleteWarning}
              onConfirm={() => remove.submit(url, "DELETE")}
              className="px-4"
            />
          </div>
        </>
      )}
    </li>
  );
}
