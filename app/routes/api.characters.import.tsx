import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { multipartForm, mutationOnlyLoader, requireMethod } from "~/lib/http/api.server";
import { cardToDraft, readCard } from "~/lib/cards/card-format";
import { readPngCard } from "~/lib/cards/card-png.server";
import { unsafeField } from "~/lib/http/character-input.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { badRequest, jsonError, readText } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { MULTIPART_OVERHEAD, sniff, UPLOADS } from "~/lib/http/uploads.server";

const MAX_BYTES = UPLOADS.thumbnail.maxBytes;
const TOO_LARGE = `Character cards can be at most ${MAX_BYTES / 1024 / 1024} MB.`;

/** The card's JSON text from the request: a multipart `file` (PNG or JSON), or a JSON body. */
async function cardText(request: Request, context: ActionFunctionArgs["context"]) {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    await requireCsrf(request, context);
    return { json: await readText(request, MAX_BYTES, TOO_LARGE), isPng: false };
  }
  const form = await multipartForm(request, context, "Send the card as multipart form data in a field named file, or as a JSON body.", MAX_BYTES + MULTIPART_OVERHEAD, TOO_LARGE);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw badRequest("Choose a character card file (PNG or JSON).");
  if (file.size > MAX_BYTES) throw jsonError(413, TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniff("thumbnail", bytes)?.ext === "png") {
    const read = readPngCard(bytes);
    if (!read.ok) throw badRequest(read.error);
    return { json: read.json, isPng: true };
  }
  return { json: new TextDecoder().decode(bytes), isPng: false };
}

/**
 * POST: reads a Character Card (V1, V2 or V3; PNG or JSON) and answers the create form's fields.
 * Nothing is saved here; the content-safety rules apply as on save, naming the blocked field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireUser(request, context);
  await limitPerMinute(context, "create", `user:${user.id}`);
  const { json, isPng } = await cardText(request, context);
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch {
    return badRequest(isPng ? "The character data in this PNG is not valid JSON." : "This file is not a character card: it is not valid JSON.");
  }
  const card = readCard(value);
  if (!card.ok) return badRequest(card.error);
  const { draft, extras, notices } = cardToDraft(card.data, card.version);
  const blocked = unsafeField({ ...draft, cardExtras: extras });
  if (blocked) return badRequest(`This card can't be imported. ${blocked}`);
  return Response.json({ success: true, version: card.version, draft, cardExtras: extras, notices, hasPicture: isPng });
}

export const loader = mutationOnlyLoader;
