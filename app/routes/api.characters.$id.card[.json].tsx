import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { cardFileName } from "~/lib/cards/card-format";
import { notFound } from "~/lib/http/http.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { loadCharacterCard } from "~/models/character-card.server";

/** GET: the character as a Character Card V3 JSON file (any character the viewer can see). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getSessionUser(request, context);
  const card = isId(params.id) ? await loadCharacterCard(context.db, params.id, viewer) : null;
  if (!card) return notFound("Character not found");
  return new Response(JSON.stringify(card.v3, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${cardFileName(card.name, "json")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
