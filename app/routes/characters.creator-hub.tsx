import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CreatorHubPage } from "~/components/creator-hub-page";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/auth/permissions.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import { listMyCharacters } from "~/models/character-write.server";
import { CREATOR_HUB_COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(CREATOR_HUB_COPY.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const rows = await listMyCharacters(context.db, user.id);
  return { characters: rows.map((c) => ({ ...c, thumbnailUrl: thumbnailUrl(c.thumbnail) })) };
}

export default function CreatorHub() {
  const { characters } = useLoaderData<typeof loader>();
  return <CreatorHubPage characters={characters} />;
}

export const ErrorBoundary = RouteError;
