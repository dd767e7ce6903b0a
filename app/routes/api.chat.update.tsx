import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter } from "~/lib/chat/chat-request.server";
import { LIMITS } from "~/spec/limits";
import { personaPrefix } from "~/lib/forms/character";
import { requireCsrf } from "~/lib/http/csrf.server";
import { badRequest, forbidden, parseJson } from "~/lib/http/http.server";
import { assertCapability } from "~/lib/auth/permissions.server";
import { canUseModel } from "~/lib/auth/capabilities";
import { chatModel } from "~/lib/chat/chat-request.server";
import { findUnsafe } from "~/lib/safety";
import { getChatSettings, saveChatSettings } from "~/models/chat-session.server";
import { CHAT_MODELS } from "~/spec/models";
import { MESSAGES, modelNotAllowed } from "~/spec/messages";
import { VOICES } from "~/spec/voices";

const ORIGINAL_VOICE = "original";
const putSchema = z
  .strictObject(
    {
      model: z.enum(CHAT_MODELS.map((m) => m.name) as [string, ...string[]], { error: "Pick one of Mage, Witch, Succubus or Lightning." }).optional(),
      voice: z.enum([ORIGINAL_VOICE, ...VOICES.map((v) => v.id)] as [string, ...string[]], { error: "Pick one of the listed voices." }).nullable().optional(),
    },
    { error: "Send { model } or { voice }." },
  )
  .refine((b) => (b.model === undefined) !== (b.voice === undefined), "Send { model } or { voice }.");
const postSchema = z.strictObject({ id: z.string().optional(), persona: z.string().nullable() }, { error: "Send { id, persona }." });

/**
 * `?characterId=`: PUT `{ model }` or `{ voice }` saves this user's choice for the character.
 * POST `{ id, persona }` saves their own version of the character's persona (premium only); a null
 * persona goes back to the character's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "POST");
  const characterId = new URL(request.url).searchParams.get("characterId") ?? undefined;
  const { user, can, character } = await chatCharacter(request, context, characterId);
  await requireCsrf(request, context);
  const current = await getChatSettings(context.db, user.id, character.id);
  const defaults = { model: chatModel(can, current, character) };
  if (request.method === "PUT") {
    const body = await parseJson(request, putSchema);
    if (body.voice === ORIGINAL_VOICE && !character.voiceSampleFile) return badRequest("This character has no original voice sample.");
    if (body.model !== undefined && !canUseModel(can, body.model)) return forbidden(modelNotAllowed(body.model, can.models));
    await saveChatSettings(context.db, user.id, character.id, body.model !== undefined ? { model: body.model } : { selectedVoice: body.voice ?? null }, defaults);
    return ok();
  }
  assertCapability(can, "editPersona");
  const { persona } = await parseJson(request, postSchema);
  if (persona !== null) {
    const full = personaPrefix(character.name) + persona.trim();
    if (full.length > LIMITS.personaMax) return badRequest(MESSAGES.persona.tooLong);
    const unsafe = findUnsafe(persona);
    if (unsafe) return badRequest(`"${unsafe}" is not allowed (see /rules).`);
    await saveChatSettings(context.db, user.id, character.id, { persona: full }, defaults);
  } else {
    await saveChatSettings(context.db, user.id, character.id, { persona: null }, defaults);
  }
  return ok();
}

export const loader = mutationOnlyLoader;
