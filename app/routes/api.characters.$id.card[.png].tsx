import { isId } from "~/db/ids";
import { cardFileName } from "~/lib/cards/card-format";
import { defaultCardPicture, pictureAsPng, writePngCard } from "~/lib/cards/card-png.server";
import { refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { loadCharacterCard } from "~/models/character-card.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/**
 * GET: the character as a PNG card: its thumbnail (as PNG) with the card in `ccv3` and `chara`
 * tEXt chunks. Characters without a PNG or JPEG picture get a plain default picture.
 */
export const loader = apiLoader({ auth: "public" }, async ({ request, context, user, params }) => {
  refuseDeclinedGuest(request, user);
  const card = isId(params.id) ? await loadCharacterCard(context.db, params.id, user) : null;
  if (!card) throw notFound(CHARACTER_MESSAGES.notFound);
  const object = card.thumbnail ? await context.env.MEDIA.get(card.thumbnail) : null;
  const png = (object && (await pictureAsPng(new Uint8Array(await object.arrayBuffer())))) || (await defaultCardPicture());
  return new Response(writePngCard(png, card) as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${cardFileName(card.name, "png")}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
