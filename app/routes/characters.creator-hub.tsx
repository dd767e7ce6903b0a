import { type MetaFunction, useLoaderData } from "react-router";
import * as z from "zod";
import "~/lib/zod-config";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CreatorHubPage } from "~/components/creator-hub-page";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/auth/permissions.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import { listMyCharacters } from "~/models/character-write.server";
import { creatorFigures } from "~/models/creator-figures.server";
import { PERIOD_DAYS } from "~/spec/creator-figures";
import { CREATOR_HUB_COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(CREATOR_HUB_COPY.title) }];

/** `?days=7|30|90` (30 by default) and `?character=` one of theirs; anything else falls back. */
const query = z.object({
  days: z.coerce
    .number()
    .refine((d) => (PERIOD_DAYS as readonly number[]).includes(d))
    .catch(30),
  character: z.string().max(32).nullable().catch(null),
});

/** The creator's characters and their dashboard (issue 64): after the session, one D1 round trip (three statements at once). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const { days, character } = query.parse({ days: url.searchParams.get("days") ?? 30, character: url.searchParams.get("character") || null });
  const [rows, figures] = await Promise.all([
    listMyCharacters(context.db, user.id),
    // Only the creator's own rows are read, so another's character id finds nothing.
    creatorFigures(context.db, user.id, { days, characterId: character }),
  ]);
  const characterId = character && rows.some((c) => c.id === character) ? character : null;
  // An id that is not theirs (deleted, another's, a typo) shows all their characters, not zeros.
  const shown = character && !characterId ? await creatorFigures(context.db, user.id, { days }) : figures;
  return { characters: rows.map((c) => ({ ...c, thumbnailUrl: thumbnailUrl(c.thumbnail) })), figures: shown, characterId };
}

export default function CreatorHub() {
  const { characters, figures, characterId } = useLoaderData<typeof loader>();
  return <CreatorHubPage characters={characters} figures={figures} characterId={characterId} />;
}

export const ErrorBoundary = RouteError;
