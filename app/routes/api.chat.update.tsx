import { z } from "zod";
import { assertCapability } from "~/lib/auth/permissions.server";
import { canUseModel } from "~/lib/auth/capabilities";
import { chatModel, requireChatCharacter } from "~/lib/chat/reply.server";
import { personaPrefix } from "~/lib/forms/character";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { badRequest, forbidden } from "~/lib/http/http.server";
import { safeText } from "~/lib/safety";
import { saveChatSettings } from "~/models/chat-settings.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, MESSAGES, modelNotAllowed } from "~/spec/messages";
import { CHAT_MODELS } from "~/spec/models";
import { ORIGINAL_VOICE, VOICES } from "~/spec/voices";

const PUT = z
  .strictObject(
    {
      model: z.enum(CHAT_MODELS.map((m) => m.name) as [string, ...string[]], { error: CHAT_MESSAGES.pickModel }).optional(),
      voice: z
        .enum([ORIGINAL_VOICE, ...VOICES.map((v) => v.id)] as [string, ...string[]], { error: CHAT_MESSAGES.pickVoice })
        .nullable()
        .optional(),
    },
    { error: CHAT_MESSAGES.sendModelOrVoice },
  )
  .refine((b) => (b.model === undefined) !== (b.voice === undefined), CHAT_MESSAGES.sendModelOrVoice);
const POST = z.strictObject({ id: z.string().optional(), persona: safeText(z.string()).nullable() }, { error: CHAT_MESSAGES.sendPersona });

/**
 * `?characterId=`: PUT `{ model }` or `{ voice }` saves this user's choice for the character.
 * POST `{ id, persona }` saves their own version of the character's persona (premium); null resets it.
 */
export const action = apiAction({ methods: ["PUT", "POST"], auth: "user", schema: { PUT, POST } }, async ({ request, context, user, can, body }) => {
  const { character, settings } = await requireChatCharacter(context, user, new URL(request.url).searchParams.get("characterId") ?? undefined);
  const defaults = { model: chatModel(can, settings, character) };
  if (request.method === "PUT") {
    const { model, voice } = body as z.output<typeof PUT>;
    if (voice === ORIGINAL_VOICE && !character.voiceSampleFile) throw badRequest(CHAT_MESSAGES.noOriginalVoice);
    if (model !== undefined && !canUseModel(can, model)) throw forbidden(modelNotAllowed(model, can.models));
    return await saveChatSettings(context.db, user.id, character.id, model !== undefined ? { model } : { selectedVoice: voice ?? null }, defaults);
  }
  assertCapability(can, "editPersona");
  const written = (body as z.output<typeof POST>).persona;
  const persona = written === null ? null : personaPrefix(character.name) + written.trim();
  if (persona && persona.length > LIMITS.personaMax) throw badRequest(MESSAGES.persona.tooLong);
  return await saveChatSettings(context.db, user.id, character.id, { persona }, defaults);
});

export const loader = onlyMethods("PUT", "POST");
