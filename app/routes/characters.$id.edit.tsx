import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CharacterForm } from "~/components/character-form/character-form";
import { TakedownNotice } from "~/components/character-form/takedown-notice";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { requireCharacterEditor } from "~/services/auth/character-access.server";
import { requireUser } from "~/services/auth/permissions.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import { getCharacterForEdit, toDraft } from "~/models/character-write.server";
import { CHARACTER_EDITOR_COPY as COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(COPY.editTitle(data?.name ?? COPY.unnamed)) }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { id } = await requireCharacterEditor(context.db, user, params.id);
  const character = (await getCharacterForEdit(context.db, id))!;
  return {
    id,
    name: character.name,
    draft: toDraft(character),
    cardExtras: character.cardExtras,
    thumbnailUrl: character.thumbnail ? thumbnailUrl(character.thumbnail) : null,
    lock: character.moderationLock,
  };
}

export default function EditCharacter() {
  const { id, name, draft, cardExtras, thumbnailUrl: thumb, lock } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title={COPY.editTitle(name)} />
      {lock && <TakedownNotice characterId={id} lock={lock} />}
      <CharacterForm id={id} thumbnailUrl={thumb} initial={draft} cardExtras={cardExtras} lock={lock} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
