/**
 * Voice calls (issue 63, decision 090): a call is opened on a chat (or a group), then each turn is
 * heard (`hear`: one utterance's audio to words, which the page sends as the person's message, exactly
 * as if typed) and each sentence of the reply is spoken (`say`) as it is written. The call's time is
 * charged from the person's call minutes, by the server's clock, at every request; when they run out
 * the call ends with the time they come back.
 */
import * as z from "zod";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/lib/auth/session-user";
import { createId } from "~/db/ids";
import { badRequest, jsonError, notFound } from "~/lib/http/http.server";
import { signedMediaPath } from "~/lib/http/media.server";
import { allowanceEmpty, limitPerMinute } from "~/lib/http/rate-limit.server";
import { MULTIPART_OVERHEAD, sniffRecording } from "~/lib/http/uploads.server";
import { fillPlaceholders, FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { synthesizeSpeech, SpeechGenerationError } from "~/lib/providers/speech/kokoro.server";
import { speechText } from "~/lib/providers/speech/speech-text";
import { transcriberFor } from "~/lib/providers/transcription/index.server";
import { TranscriptionUnavailable } from "~/lib/providers/transcription/types";
import type { WorkersAiSpeech } from "~/lib/providers/transcription/workers-ai.server";
import { plain } from "~/lib/safety/form-rules";
import { callStore } from "~/models/calls.server";
import { getGroup } from "~/models/groups.server";
import { speaksDialogueOnly } from "~/models/preference.server";
import { storyCharacters } from "~/models/story.server";
import { requireChatCharacter } from "~/services/chat/reply.server";
import { requestGate } from "~/services/safety/safety-gate.server";
import { chatVoice } from "~/services/speech/speech.server";
import { CALL_LIMITS, CALL_MESSAGES } from "~/spec/calls";
import { GROUP_MESSAGES } from "~/spec/groups";
import { CHAT_MESSAGES } from "~/spec/messages";
import { defaultVoiceForTags, ORIGINAL_VOICE } from "~/spec/voices";
import { groupChatKey } from "~/user-store/groups";

const TURN_SECONDS_MAX = CALL_LIMITS.turnSecondsMax;
/** A turn as the call screen records it: 16 kHz, 16-bit mono. */
const TURN_BYTES_MAX = TURN_SECONDS_MAX * 16_000 * 2 + 44;

export const callUploadBody = { maxBytes: TURN_BYTES_MAX + MULTIPART_OVERHEAD, tooLarge: CALL_MESSAGES.tooLong };

export const startCallSchema = z.lazy(() =>
  z
    .object({ characterId: plain("id", z.string()).optional(), groupId: plain("id", z.string()).optional() })
    .refine((v) => !!v.characterId !== !!v.groupId, { message: CALL_MESSAGES.pickChat, path: ["characterId"] }),
);

export const saySchema = z.lazy(() =>
  z.object({
    text: plain("shown-text", z.string()).transform((t) => t.slice(0, CALL_LIMITS.sentenceMax)),
    /** In a group: the member speaking. */
    speakerId: plain("id", z.string()).optional(),
  }),
);

/** The person's call time: their tier's minutes, in seconds, for the allowance period. */
export const callAllowanceFor = (context: AppLoadContext, user: SessionUser) => ({
  size: context.config.calls.minutes[user.tier] * 60,
  periodMs: context.config.calls.periodMs,
});

const ownerOf = (context: AppLoadContext, user: SessionUser) => ({ env: context.env, userId: user.id });

/** Opens a call on the person's chat with a character they may see, or on one of their groups. */
export async function startCall(context: AppLoadContext, user: SessionUser, input: { characterId?: string; groupId?: string }) {
  let chatKey: string;
  if (input.groupId) {
    const group = await getGroup(ownerOf(context, user), input.groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    chatKey = groupChatKey(group.id);
  } else {
    chatKey = (await requireChatCharacter(context, user, input.characterId)).character.id;
  }
  const callId = createId();
  const started = await callStore(ownerOf(context, user)).start(callId, chatKey, callAllowanceFor(context, user), Date.now());
  if (!started.ok) throw allowanceEmpty(CALL_MESSAGES.minutesUsed, new Date(started.resetAt!));
  return {
    callId,
    secondsLeft: started.secondsLeft,
    resetAt: started.resetAt,
    /** Who hears the person: a server (the page sends each turn's audio) or the browser's own recognition. */
    hearing: context.config.calls.hearing.provider === "browser" ? "browser" : "server",
    /** Who speaks the reply: the speech server, sentence by sentence, or the browser's own voice. */
    speaking: context.config.speech.provider === "kokoro" ? "server" : "browser",
    dialogueOnly: await speaksDialogueOnly(context.db, user.id),
  };
}

/** Charges the call's time so far; 429 with the time minutes come back when they ran out, 409 when the call had ended. */
async function charged(context: AppLoadContext, user: SessionUser, callId: string | undefined) {
  const state = callId ? await callStore(ownerOf(context, user)).charge(callId, callAllowanceFor(context, user), Date.now()) : null;
  if (state?.ok) return state;
  if (state?.reason === "minutes") throw allowanceEmpty(CALL_MESSAGES.minutesUsed, new Date(state.resetAt!));
  throw jsonError(409, CALL_MESSAGES.ended, { code: "call_ended" });
}

/** One turn's audio (multipart `audio`) heard: `{ text, secondsLeft }`. The page sends the text as the person's message. */
export async function hear(context: AppLoadContext, user: SessionUser, callId: string | undefined, form: FormData) {
  const transcriber = transcriberFor(context.config, context.env as { AI?: WorkersAiSpeech });
  if (!transcriber) throw badRequest(CALL_MESSAGES.noRecognition);
  await limitPerMinute(context, "call", `user:${user.id}`);
  const file = form.get("audio");
  if (!(file instanceof File) || !file.size) throw badRequest(CALL_MESSAGES.noAudio);
  if (file.size > TURN_BYTES_MAX) throw badRequest(CALL_MESSAGES.tooLong);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const recording = sniffRecording(bytes);
  if (!recording) throw badRequest(CALL_MESSAGES.notAudio);
  if (recording.seconds !== null && recording.seconds > TURN_SECONDS_MAX + 1) throw badRequest(CALL_MESSAGES.tooLong);
  const state = await charged(context, user, callId);
  let text: string;
  try {
    text = await transcriber.transcribe(bytes, recording.type, AbortSignal.timeout(30_000));
  } catch (error) {
    if (!(error instanceof TranscriptionUnavailable)) throw error;
    console.warn(`call: ${transcriber.label}: ${error.message}`);
    throw jsonError(503, CALL_MESSAGES.hearingFailed, { code: "hearing_failed" });
  }
  return { text, secondsLeft: state.secondsLeft, resetAt: state.resetAt };
}

/**
 * One sentence of the reply spoken, in the call's character's voice (in a group, the member's):
 * the audio itself. The sentence is the page's, so it passes the safety gate as the model's words,
 * as Stop's text does.
 */
export async function say(context: AppLoadContext, user: SessionUser, callId: string | undefined, body: { text: string; speakerId?: string }, origin: string) {
  const speech = context.config.speech;
  if (speech.provider !== "kokoro" || !speech.baseUrl) throw badRequest(CHAT_MESSAGES.noSpeechServer);
  await limitPerMinute(context, "call", `user:${user.id}`);
  const state = await charged(context, user, callId);
  const { voice, sample, name } = await callVoice(context, user, state.chatKey, body.speakerId);
  const spoken = speechText(fillPlaceholders(body.text, user.name ?? FALLBACK_USER_NAME, name), await speaksDialogueOnly(context.db, user.id));
  if (!spoken) throw badRequest(CALL_MESSAGES.nothingToSay);
  const [verdict] = await requestGate(context, user.id).check([{ field: "reply", text: spoken, author: "model" }]);
  if (!verdict.ok) throw badRequest(CALL_MESSAGES.nothingToSay);
  try {
    const audio = await synthesizeSpeech(
      { baseUrl: speech.baseUrl, apiKey: speech.apiKey, model: speech.model, timeoutMs: 20_000 },
      {
        input: verdict.text,
        voice,
        ...(sample ? { voiceSampleUrl: new URL(await signedMediaPath(context.config.sessionSecret, sample), origin).toString() } : {}),
      },
    );
    return new Response(audio.bytes, {
      headers: { "content-type": audio.contentType, "cache-control": "private, no-store", "x-seconds-left": String(state.secondsLeft) },
    });
  } catch (error) {
    if (error instanceof SpeechGenerationError || (error as Error).name === "TimeoutError" || error instanceof TypeError)
      throw jsonError(503, error instanceof SpeechGenerationError ? error.message : CHAT_MESSAGES.noSpeechServer, { code: "speech_failed" });
    throw error;
  }
}

/** The voice of the call's chat: the character's (as chosen for the chat), or in a group the speaking member's own. */
async function callVoice(context: AppLoadContext, user: SessionUser, chatKey: string, speakerId: string | undefined) {
  if (!chatKey.startsWith("group:")) {
    const { character, settings } = await requireChatCharacter(context, user, chatKey);
    return { ...chatVoice(character, settings, context.config.speech.canClone), name: character.name };
  }
  const group = await getGroup(ownerOf(context, user), chatKey.slice("group:".length));
  if (!group) throw jsonError(409, CALL_MESSAGES.ended, { code: "call_ended" });
  if (!speakerId || !group.members.some((m) => m.id === speakerId)) throw badRequest(GROUP_MESSAGES.notAMember);
  const [speaker] = await storyCharacters(context.db, user, [speakerId]);
  if (!speaker) throw badRequest(GROUP_MESSAGES.notAMember);
  return { voice: defaultVoiceForTags(speaker.tags, speaker.voice === ORIGINAL_VOICE ? null : speaker.voice), sample: null, name: speaker.name };
}

/** Ends the call: its time charged up to now; what is left. */
export async function endCall(context: AppLoadContext, user: SessionUser, callId: string | undefined) {
  if (!callId) throw notFound(CALL_MESSAGES.ended);
  return await callStore(ownerOf(context, user)).end(callId, callAllowanceFor(context, user), Date.now());
}
