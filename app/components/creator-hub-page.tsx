import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { CreatorDashboard } from "~/components/creator-dashboard";
import type { CreatorFigures } from "~/models/creator-figures.server";
import { DeleteButton } from "~/components/ui/confirm-dialog";
import { buttonClass, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { toast } from "~/lib/toast";
import { HUB_MESSAGES } from "~/spec/messages";
import { CREATOR_HUB_COPY as COPY } from "~/spec/pages";

export type HubCharacter = {
  id: string;
  name: string;
  thumbnailUrl: string;
  isPublic: boolean;
  chats: number;
  messages: number;
  upvotes: number;
  favorites: number;
};

/** The creator's own characters: their figures over time (issue 64), then each one to publish or unpublish, edit and delete. */
export function CreatorHubPage({ characters, figures, characterId }: { characters: HubCharacter[]; figures: CreatorFigures; characterId: string | null }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader title={COPY.title}>{COPY.intro}</PageHeader>
      {characters.length > 0 && <CreatorDashboard figures={figures} characterId={characterId} characters={characters} />}
      <Link to="/characters/create" className={`${buttonClass} mb-6 inline-block`}>
        {COPY.create}
      </Link>
      {characters.length === 0 ? (
        <p className="text-zinc-400">{COPY.none}</p>
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

function HubRow({ character: c }: { character: HubCharacter }) {
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
            {c.isPublic ? COPY.isPublic : COPY.isPrivate}
          </span>
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-zinc-400">
          {(
            [
              [COPY.chats, c.chats],
              [COPY.messages, c.messages],
              [COPY.upvotes, c.upvotes],
              [COPY.favorites, c.favorites],
            ] as const
          ).map(([label, count]) => (
            <div key={label}>
              <dt className="inline">{label}</dt>
              <dd className="inline text-zinc-200">{count}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} onClick={() => publish(!c.isPublic)} className={secondaryButtonClass}>
          {c.isPublic ? COPY.unpublish : COPY.publish}
        </button>
        {/* Try the character out (issue 61): its chat, private or public, is one tap from its row. */}
        <Link to={`/characters/chat/${c.id}`} className={buttonClass} aria-label={`${COPY.chat} with ${c.name}`}>
          {COPY.chat}
        </Link>
        <Link to={`/characters/${c.id}/edit`} className={secondaryButtonClass}>
          {COPY.edit}
        </Link>
        <DeleteButton label={COPY.delete} title={COPY.confirmDelete(c.name)} description={COPY.deleteWarning} onConfirm={remove} className="px-3" />
      </div>
    </li>
  );
}
