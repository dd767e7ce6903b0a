import type { AppLoadContext } from "@remix-run/cloudflare";
import { enqueueJob } from "~/jobs/enqueue.server";
import type { SpeechJobInput } from "~/jobs/speech-job.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { speechCacheKey } from "~/lib/providers/speech/kokoro.server";
import { speechText } from "~/lib/providers/speech/speech-text";
import { speaksDialogueOnly } from "~/models/preference.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { defaultVoiceForTags, ORIGINAL_VOICE } from "~/spec/voices";
import { fillPlaceholders, FALLBACK_USER_NAME } from "./prompt";
import { requireChat } from "./reply.server";

/**
 * Speech for one of the character's messages, in the chosen voice (or the default by tags), dialogue
 * only when the preference says so: `{ url }` when that audio is in R2 already, else `{ jobId }` of
 * a queued speech job for GET /api/status/:id.
 */
export async function speakMessage(context: AppLoadContext, user: SessionUser, input: { characterId: string; messageId: string }, origin: string) {
  const speech = context.config.speech;
  if (speech.provider !== "kokoro") throw badRequest(CHAT_MESSAGES.noSpeechServer);
  const chat = await requireChat(context, user, input.characterId, { branch: true, through: input.messageId });
  const { character, settings } = chat;
  const message = chat.all.find((m) => m.id === input.messageId && m.role === "character");
  if (!message) throw notFound(CHAT_MESSAGES.messageNotFound);
  const chosen = settings?.selectedVoice ?? null;
  const original = chosen === ORIGINAL_VOICE && speech.canClone && character.voiceSampleFile;
  const voice = original ? ORIGINAL_VOICE : defaultVoiceForTags(character.tags, (chosen === ORIGINAL_VOICE ? null : chosen) ?? character.voice);
  const spoken = fillPlaceholders(message.content, user.name ?? FALLBACK_USER_NAME, character.name);
  const text = speechText(spoken, await speaksDialogueOnly(context.db, user.id)).slice(0, LIMITS.speechTextMax);
  if (!text) throw badRequest(CHAT_MESSAGES.nothingToSay);
  const key = await speechCacheKey(user.id, original ? `original:${character.voiceSampleFile}` : voice, text);
  if (await context.env.MEDIA.head(key)) return { url: `/media/${key}` };
  const job: SpeechJobInput = { text, voice, key, ...(original ? { voiceSample: { key: character.voiceSampleFile!, origin } } : {}) };
  return { jobId: await enqueueJob(context, { type: "speech", userId: user.id, input: job }) };
}
