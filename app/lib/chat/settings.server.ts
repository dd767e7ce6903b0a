import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Capabilities } from "~/lib/auth/capabilities";
import { canUseModel } from "~/lib/auth/capabilities";
import { assertCapability } from "~/lib/auth/permissions.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { personaPrefix } from "~/lib/forms/character";
import { badRequest, forbidden } from "~/lib/http/http.server";
import { safeText } from "~/lib/safety";
import { saveChatSettings } from "~/models/chat-settings.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, MESSAGES, modelNotAllowed } from "~/spec/messages";
import { CHAT_MODELS } from "~/spec/models";
import { ORIGINAL_VOICE, VOICES } from "~/spec/voices";
import { chatModel, requireChatCharacter } from "./reply.server";

/** A user's settings for one character's chat (spec section 4): the model, the voice, their own persona. */

export const CHAT_SETTINGS_SCHEMAS = {
  PUT: z
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
    .refine((b) => (b.model === undefined) !== (b.voice === undefined), CHAT_MESSAGES.sendModelOrVoice),
  POST: z.strictObject({ id: z.string().optional(), persona: safeText(z.string()).nullable() }, { error: CHAT_MESSAGES.sendPersona }),
};
type Body<M extends "PUT" | "POST"> = z.output<(typeof CHAT_SETTINGS_SCHEMAS)[M]>;
type Who = { user: SessionUser; can: Capabilities };

/** Saves the model or the voice this user chats with this character in; only models their tier may use. */
export async function chooseModelOrVoice(context: AppLoadContext, { user, can }: Who, characterId: string | undefined, body: Body<"PUT">) {
  const { character, settings } = await requireChatCharacter(context, user, characterId);
  if (body.voice === ORIGINAL_VOICE && !character.voiceSampleFile) throw badRequest(CHAT_MESSAGES.noOriginalVoice);
  if (body.model !== undefined && !canUseModel(can, body.model)) throw forbidden(modelNotAllowed(body.model, can.models));
  const choice = body.model !== undefined ? { model: body.model } : { selectedVoice: body.voice ?? null };
  return await saveChatSettings(context.db, user.id, character.id, choice, { model: chatModel(can, settings, character) });
}

/** Saves this user's own version of the character's persona (premium); null goes back to the character's. */
export async function rewritePersona(context: AppLoadContext, { user, can }: Who, characterId: string | undefined, body: Body<"POST">) {
  const { character, settings } = await requireChatCharacter(context, user, characterId);
  assertCapability(can, "editPersona");
  const persona = body.persona === null ? null : personaPrefix(character.name) + body.persona.trim();
  if (persona && persona.length > LIMITS.personaMax) throw badRequest(MESSAGES.persona.tooLong);
  return await saveChatSettings(context.db, user.id, character.id, { persona }, { model: chatModel(can, settings, character) });
}
