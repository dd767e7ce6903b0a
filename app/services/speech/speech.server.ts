import type { AppLoadContext } from "react-router";
import { enqueueJob } from "~/models/jobs.server";
import type { SpeechJobInput } from "~/jobs/speech-job.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { badRequest, notFound } from "~/lib/http/http.server";
import { speechCacheKey } from "~/lib/providers/speech/kokoro.server";
import { speechText } from "~/lib/providers/speech/speech-text";
import { speaksDialogueOnly } from "~/models/preference.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { defaultVoiceForTags, ORIGINAL_VOICE } from "~/spec/voices";
import { fillPlaceholders, FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { requireGroupMessage } from "~/services/groups/group-message.server";
import { storyCharacters } from "~/models/story.server";
import { GROUP_MESSAGES } from "~/spec/groups";
import { requireChat } from "~/services/chat/reply.server";

/**
 * Speech for one of the character's messages, in the chosen voice (or the default by tags), dialogue
 * only when the preference says so: `{ url }` when that audio is in R2 already, else `{ jobId }` of
 * a queued speech job for GET /api/status/:id.
 */
export async function speakMessage(context: AppLoadContext, user: SessionUser, input: { characterId: string; messageId: string }, origin: string) {
  const speech = context.config.speech;
  if (speech.provider !== "kokoro") throw badRequest(CHAT_MESSAGES.noSpeechServer);
  // The message alone: what it says is all a voice needs (decision 071).
  const chat = await requireChat(context, user, input.characterId, { branch: true, through: input.messageId, depth: 1 });
  const { character, settings } = chat;
  const message = chat.all.find((m) => m.id === input.messageId && m.role === "character");
  if (!message) throw notFound(CHAT_MESSAGES.messageNotFound);
  const { voice, sample } = chatVoice(character, settings, speech.canClone);
  return await speak(context, user, { content: message.content, characterName: character.name, voice, sample }, origin);
}

/**
 * The voice a chat's character speaks in: the one chosen in the chat's settings, else the card's,
 * else the default by its tags; the character's own sample when the Original Voice is chosen and the
 * server can clone.
 */
export function chatVoice(
  character: { tags: string[]; voice: string | null; voiceSampleFile: string | null },
  settings: { selectedVoice: string | null } | null | undefined,
  canClone: boolean,
) {
  const chosen = settings?.selectedVoice ?? null;
  const original = chosen === ORIGINAL_VOICE && canClone && character.voiceSampleFile;
  const voice = original ? ORIGINAL_VOICE : defaultVoiceForTags(character.tags, (chosen === ORIGINAL_VOICE ? null : chosen) ?? character.voice);
  return { voice, sample: original ? character.voiceSampleFile : null };
}

/**
 * A group member's message (issue 26), in that member's own voice (their card's, or the default by
 * their tags): `{ url }` or `{ jobId }` as for a chat.
 */
export async function speakGroupMessage(context: AppLoadContext, user: SessionUser, input: { groupId?: string; messageId?: string }, origin: string) {
  if (context.config.speech.provider !== "kokoro") throw badRequest(CHAT_MESSAGES.noSpeechServer);
  const { target } = await requireGroupMessage(context, user, input.groupId, input.messageId);
  if (target.role !== "character" || !target.speakerId) throw notFound(CHAT_MESSAGES.messageNotFound);
  const [speaker] = await storyCharacters(context.db, user, [target.speakerId]);
  if (!speaker) throw badRequest(GROUP_MESSAGES.notAMember);
  const voice = defaultVoiceForTags(speaker.tags, speaker.voice === ORIGINAL_VOICE ? null : speaker.voice);
  return await speak(context, user, { content: target.content, characterName: speaker.name, voice, sample: null }, origin);
}

/** The spoken text (dialogue only when the preference says so), from R2 when it was spoken before, else a queued job. */
async function speak(
  context: AppLoadContext,
  user: SessionUser,
  input: { content: string; characterName: string; voice: string; sample: string | null },
  origin: string,
) {
  const spoken = fillPlaceholders(input.content, user.name ?? FALLBACK_USER_NAME, input.characterName);
  const text = speechText(spoken, await speaksDialogueOnly(context.db, user.id)).slice(0, LIMITS.speechTextMax);
  if (!text) throw badRequest(CHAT_MESSAGES.nothingToSay);
  const key = await speechCacheKey(user.id, input.sample ? `original:${input.sample}` : input.voice, text);
  if (await context.env.MEDIA.head(key)) return { url: `/media/${key}` };
  const job: SpeechJobInput = { text, voice: input.voice, key, ...(input.sample ? { voiceSample: { key: input.sample, origin } } : {}) };
  return { jobId: await enqueueJob(context, { type: "speech", userId: user.id, input: job }) };
}
