import { isId } from "~/db/ids";
import { cardFileName } from "~/lib/cards/card-format";
import { refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { loadCharacterCard } from "~/models/character-card.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** GET: the character as a Character Card V3 JSON file (any character the viewer can see). */
export const loader = apiLoader({ auth: "public" }, async ({ request, context, user, params }) => {
  refuseDeclinedGuest(request, user);
  const card = isId(params.id) ? await loadCharacterCard(context.db, params.id, user) : null;
  if (!card) throw notFound(CHARACTER_MESSAGES.notFound);
  return new Response(JSON.stringify(card.v3, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${cardFileName(card.name, "json")}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
