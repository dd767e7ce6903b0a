import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { PageHeader } from "~/components/page-header";
import { PersonaForm } from "~/components/persona-form";
import { RouteError } from "~/components/route-error";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Card, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { requireUser } from "~/lib/auth/permissions.server";
import { toast } from "~/lib/toast";
import { defaultPersona } from "~/lib/personas";
import { listPersonas } from "~/models/persona.server";
import { BRAND } from "~/spec/brand";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";
import { MESSAGES, PERSONA_PAGE } from "~/spec/messages";

export const meta: MetaFunction = () => [{ title: `Personas | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { personas: await listPersonas(context.db, user.id) };
}

type Persona = { id: string; name: string; persona: string; isDefault: boolean };

export default function Personas() {
  const { personas } = useLoaderData<typeof loader>();
  const active = defaultPersona(personas);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <PageHeader title="Personas">Who you are in your chats. The default persona is the one characters meet unless you pick another.</PageHeader>
      {personas.length === 0 && <p className="text-zinc-400">You have no personas yet. Create your first one below.</p>}
      <ul className="flex flex-col gap-3" data-testid="persona-list">
        {personas.map((p) => (
          <PersonaItem key={p.id} persona={p} isActive={p.id === active?.id} />
        ))}
      </ul>
      {personas.length < PERSONAS_PER_USER_MAX ? (
        <Card title="New persona" testId="new-persona">
          <PersonaForm
            idPrefix="new"
            initial={{ name: "", persona: "" }}
            action="/api/personas"
            method="POST"
            isDefault={personas.length === 0}
            submitLabel="Create persona"
            successTitle={PERSONA_PAGE.created}
          />
        </Card>
      ) : (
        <p className="text-sm text-zinc-400">You have reached the limit of {PERSONAS_PER_USER_MAX} personas.</p>
      )}
    </div>
  );
}

function PersonaItem({ persona, isActive }: { persona: Persona; isActive: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
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
          submitLabel="Save changes"
          successTitle={MESSAGES.persona.successTitle}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="flex items-center justify-between gap-3">
            <h2 className="font-semibold text-white">{persona.name}</h2>
            {isActive && <span className="rounded-full bg-brand-700/40 px-2 py-0.5 text-xs text-brand-300">Default</span>}
          </div>
          <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-300">{persona.persona}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
              Edit
            </button>
            {!isActive && (
              <button
                type="button"
                onClick={() => makeDefault.submit(url, "PUT", { name: persona.name, persona: persona.persona, isDefault: true })}
                className={secondaryButtonClass}
              >
                Make default
              </button>
            )}
            <button type="button" onClick={() => setConfirming(true)} className="rounded-md px-4 py-2 text-sm text-red-400 hover:bg-red-950/40">
              Delete
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${persona.name}?`}
        description="This persona will be gone for good."
        confirmLabel="Delete"
        onConfirm={() => remove.submit(url, "DELETE")}
      />
    </li>
  );
}

export const ErrorBoundary = RouteError;
