import { characterScreenItems } from "~/lib/forms/character";
import type { Gate } from "~/services/safety/safety-gate.server";
import { badRequest, jsonError, mediaType, readForm, readText } from "~/lib/http/http.server";
import { MULTIPART_OVERHEAD, sniff, UPLOADS } from "~/lib/http/uploads.server";
import { CARD_MESSAGES, SAFETY_MESSAGE, SCREEN_MESSAGES } from "~/spec/messages";
import { cardToDraft, readCard } from "~/lib/cards/card-format";
import { readPngCard } from "~/lib/cards/card-png.server";

const MAX_BYTES = UPLOADS.thumbnail.maxBytes;

/** The card's JSON text from the request: a multipart `file` (PNG or JSON), or a JSON body. */
async function cardText(request: Request) {
  if (mediaType(request) === "application/json") return { json: await readText(request, MAX_BYTES, CARD_MESSAGES.tooLarge), isPng: false };
  const form = await readForm(request, MAX_BYTES + MULTIPART_OVERHEAD, CARD_MESSAGES.tooLarge);
  if (!form) throw badRequest(CARD_MESSAGES.notMultipart);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw badRequest(CARD_MESSAGES.chooseFile);
  if (file.size > MAX_BYTES) throw jsonError(413, CARD_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniff("thumbnail", bytes)?.ext === "png") {
    const read = readPngCard(bytes);
    if (!read.ok) throw badRequest(read.error);
    return { json: read.json, isPng: true };
  }
  return { json: new TextDecoder().decode(bytes), isPng: false };
}

/**
 * Reads a Character Card (V1, V2 or V3; PNG or JSON) into the create form's fields. Nothing is
 * saved; every text passes the safety gate as on save, naming the blocked field.
 */
export async function importCard(request: Request, gate: Gate) {
  const { json, isPng } = await cardText(request);
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch {
    throw badRequest(isPng ? CARD_MESSAGES.pngNotJson : CARD_MESSAGES.notJson);
  }
  const card = readCard(value);
  if (!card.ok) throw badRequest(card.error);
  const { draft, extras, notices } = cardToDraft(card.data, card.version);
  // Every text of the card passes the gate as a character's (issue 59): the first one refused is named.
  const items = characterScreenItems(draft, extras);
  const verdicts = await gate.check(items);
  const stopped = verdicts.findIndex((v) => !v.ok);
  if (stopped >= 0) {
    const verdict = verdicts[stopped];
    if (!verdict.ok && verdict.source === "pending") throw jsonError(409, SCREEN_MESSAGES.pending, { code: "pending_review" });
    const why = !verdict.ok && verdict.hit ? SAFETY_MESSAGE(verdict.hit) : SCREEN_MESSAGES.refused;
    throw badRequest(CARD_MESSAGES.unsafe(`${items[stopped].path}: ${why}`), { code: "unsafe" });
  }
  return { version: card.version, draft, cardExtras: extras, notices, hasPicture: isPng };
}
