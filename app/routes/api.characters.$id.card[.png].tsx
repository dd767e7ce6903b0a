import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { cardFileName } from "~/lib/cards/card-format";
import { defaultCardPicture, pictureAsPng, writePngCard } from "~/lib/cards/card-png.server";
import { notFound } from "~/lib/http/http.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { loadCharacterCard } from "~/models/character-card.server";

/**
 * GET: the character as a PNG card: its thumbnail (as PNG) with the card in `ccv3` and `chara`
 * tEXt chunks. Characters without a PNG or JPEG picture get a plain default picture.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getSessionUser(request, context);
  const card = isId(params.id) ? await loadCharacterCard(context.db, params.id, viewer) : null;
  if (!card) return notFound("Character not found");
  const object = card.thumbnail ? await context.env.MEDIA.get(card.thumbnail) : null;
  let png = object ? pictureAsPng(new Uint8Array(await object.arrayBuffer())) : null;
  if (!png) png = defaultCardPicture();
  return new Response(writePngCard(png, card) as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${cardFileName(card.name, "png")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
