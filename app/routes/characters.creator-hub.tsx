import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { buttonClass, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { requireUser } from "~/lib/auth/permissions.server";
import { toast } from "~/lib/toast";
import { thumbnailUrl } from "~/lib/http/media.server";
import { listMyCharacters } from "~/models/character-write.server";
import { BRAND } from "~/spec/brand";
import { HUB_MESSAGES } from "~/spec/messages";

export const meta: MetaFunction = () => [{ title: `Creator Hub | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const rows = await listMyCharacters(context.db, user.id);
  return { characters: rows.map((c) => ({ ...c, thumbnailUrl: thumbnailUrl(c.thumbnail) })) };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["characters"][number];

export default function CreatorHub() {
  const { characters } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader title="Creator Hub">Your characters, how they are doing, and whether they are public.</PageHeader>
      <Link to="/characters/create" className={`${buttonClass} mb-6 inline-block`}>
        Create Character
      </Link>
      {characters.length === 0 ? (
        <p className="text-zinc-400">You have not created any characters yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {characters.map((c) => (
            <HubRow key={c.id} character={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function HubRow({ character: c }: { character: Row }) {
  const [confirming, setConfirming] = useState(false);
  const publishing = useApi<{ isPublic: boolean }>({
    onSuccess: ({ isPublic }) => toast({ title: HUB_MESSAGES.visibility(c.name, isPublic), variant: "success" }),
  });
  const deleting = useApi({ onSuccess: () => toast({ title: HUB_MESSAGES.deleted(c.name) }) });
  const busy = publishing.busy;
  const publish = (isPublic: boolean) => publishing.submit(`/api/characters/${c.id}/publish`, "PUT", { isPublic });
  const remove = () => deleting.submit(`/api/characters/${c.id}`, "DELETE");

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:flex-row sm:items-center" data-testid="hub-row">
      <img src={c.thumbnailUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-lg object-cover" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h2 className="truncate font-semibold text-white">{c.name}</h2>
          <span className={`rounded-full px-2 py-0.5 text-xs ${c.isPublic ? "bg-emerald-900/60 text-emerald-200" : "bg-zinc-800 text-zinc-300"}`}>
            {c.isPublic ? "Public" : "Private"}
          </span>
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-zinc-400">
          <div>
            <dt className="inline">Chats </dt>
            <dd className="inline text-zinc-200">{c.chats}</dd>
          </div>
          <div>
            <dt className="inline">Messages </dt>
            <dd className="inline text-zinc-200">{c.messages}</dd>
          </div>
          <div>
            <dt className="inline">Upvotes </dt>
            <dd className="inline text-zinc-200">{c.upvotes}</dd>
          </div>
          <div>
            <dt className="inline">Favorites </dt>
            <dd className="inline text-zinc-200">{c.favorites}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} onClick={() => publish(!c.isPublic)} className={secondaryButtonClass}>
          {c.isPublic ? "Unpublish" : "Publish"}
        </button>
        <Link to={`/characters/${c.id}/edit`} className={secondaryButtonClass}>
          Edit
        </Link>
        <button type="button" onClick={() => setConfirming(true)} className="rounded-md px-3 py-2 text-sm text-red-400 hover:bg-red-950/40">
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${c.name}?`}
        description="Its chats are deleted with it. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={remove}
      />
    </li>
  );
}

export const ErrorBoundary = RouteError;
