import type { AppLoadContext } from "react-router";
import * as z from "zod";
import type { Capabilities } from "~/lib/auth/capabilities";
import { canUseModel } from "~/lib/auth/capabilities";
import { assertCapability } from "~/services/auth/permissions.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { personaPrefix } from "~/lib/forms/character";
import { personaOverrideMax } from "~/lib/forms/persona-prefix";
import { badRequest, forbidden } from "~/lib/http/http.server";
import { plain, screened } from "~/lib/safety/form-rules";
import { saveChatSettings } from "~/models/chat-settings.server";
import { listPersonas } from "~/models/persona.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, MESSAGES, modelNotAllowed } from "~/spec/messages";
import { CHAT_MODELS } from "~/spec/models";
import { ORIGINAL_VOICE, VOICES } from "~/spec/voices";
import type { SettingsChange } from "~/user-store/settings";
import { chatModel } from "~/user-store/reply-plan";
import { requireChatCharacter } from "./reply.server";

/** A user's settings for one character's chat (spec section 4): the model, the voice, their own persona. */

export const CHAT_SETTINGS_SCHEMAS = {
  PUT: z.lazy(() =>
    z
      .strictObject(
        {
          model: z.enum(CHAT_MODELS.map((m) => m.name) as [string, ...string[]], { error: CHAT_MESSAGES.pickModel }).optional(),
          voice: z
            .enum([ORIGINAL_VOICE, ...VOICES.map((v) => v.id)] as [string, ...string[]], { error: CHAT_MESSAGES.pickVoice })
            .nullable()
            .optional(),
          /** The persona to chat as with this character; null goes back to the default persona. */
          personaId: plain("id", z.string({ error: CHAT_MESSAGES.personaNotYours }).max(64, CHAT_MESSAGES.personaNotYours))
            .nullable()
            .optional(),
        },
        { error: CHAT_MESSAGES.sendModelOrVoice },
      )
      .refine((b) => [b.model, b.voice, b.personaId].filter((v) => v !== undefined).length === 1, CHAT_MESSAGES.sendModelOrVoice),
  ),
  POST: z.lazy(() =>
    z.strictObject({ id: plain("id", z.string()).optional(), persona: screened("chat.persona", z.string()).nullable() }, { error: CHAT_MESSAGES.sendPersona }),
  ),
};
type Body<M extends "PUT" | "POST"> = z.output<(typeof CHAT_SETTINGS_SCHEMAS)[M]>;
type Who = { user: SessionUser; can: Capabilities };

/** The change a PUT asks for: one of the model, the voice, or the persona to chat as. */
async function settingsChoice(context: AppLoadContext, user: SessionUser, body: Body<"PUT">): Promise<SettingsChange> {
  if (body.model !== undefined) return { model: body.model };
  if (body.voice !== undefined) return { selectedVoice: body.voice };
  if (!body.personaId) return { personaId: null };
  const own = await listPersonas(context.db, user.id);
  if (!own.some((p) => p.id === body.personaId)) throw badRequest(CHAT_MESSAGES.personaNotYours);
  return { personaId: body.personaId };
}

/**
 * Saves the model, the voice or the persona this user chats with this character in; only models
 * their tier may use, and only personas of their own.
 */
export async function chooseModelOrVoice(context: AppLoadContext, { user, can }: Who, characterId: string | undefined, body: Body<"PUT">) {
  const { character, settings } = await requireChatCharacter(context, user, characterId);
  if (body.voice === ORIGINAL_VOICE && !character.voiceSampleFile) throw badRequest(CHAT_MESSAGES.noOriginalVoice);
  if (body.model !== undefined && !canUseModel(can, body.model)) throw forbidden(modelNotAllowed(body.model, can.models));
  const choice = await settingsChoice(context, user, body);
  return await saveChatSettings(context.env, user.id, character.id, choice, { model: chatModel(can, settings, character) });
}

/** Saves this user's own version of the character's persona (premium); null goes back to the character's. */
export async function rewritePersona(context: AppLoadContext, { user, can }: Who, characterId: string | undefined, body: Body<"POST">) {
  const { character, settings } = await requireChatCharacter(context, user, characterId);
  assertCapability(can, "editPersona");
  const persona = body.persona === null ? null : personaPrefix(character.name) + body.persona.trim();
  const max = personaOverrideMax(character.persona);
  if (persona && persona.length > max) throw badRequest(max === LIMITS.personaMax ? MESSAGES.persona.tooLong : MESSAGES.persona.tooLongFor(max));
  return await saveChatSettings(context.env, user.id, character.id, { persona }, { model: chatModel(can, settings, character) });
}
