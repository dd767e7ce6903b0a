import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { userPreferences } from "~/db/schema";
import { enqueueJob } from "~/jobs/enqueue.server";
import type { SpeechJobInput } from "~/jobs/speech-job.server";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { requireCsrf } from "~/lib/http/csrf.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { badRequest, notFound, parseJson } from "~/lib/http/http.server";
import { speechCacheKey } from "~/lib/providers/speech/kokoro.server";
import { speechText } from "~/lib/providers/speech/speech-text";
import { getChatSettings } from "~/models/chat-session.server";
import { defaultVoiceForTags } from "~/spec/voices";

/**
 * POST `{ characterId, messageId }`: speech for one of the character's messages in the chosen voice
 * (or the default by tags), dialogue only when the preference says so. Answers `{ url }` when that
 * audio exists already, else `{ jobId }` for GET /api/status/:id.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireUser(request, context);
  await requireCsrf(request, context);
  const { characterId, messageId } = await parseJson(request, z.object({ characterId: z.string(), messageId: z.string().min(1, "Pick a message to play.") }));
  await limitPerMinute(context, "jobs", `user:${signedIn.id}`);
  const { user, character } = await chatCharacter(request, context, characterId);
  const speech = context.config.speech;
  if (speech.provider !== "kokoro") return badRequest("No speech server is configured; messages are spoken by your browser.");
  const { all } = await openChat(context, user, character);
  const message = all.find((m) => m.id === messageId && m.role === "character");
  if (!message) return notFound("That message is not in this chat.");
  const [settings, prefs] = await Promise.all([
    getChatSettings(context.db, user.id, character.id),
    context.db.select({ dialogueOnly: userPreferences.dialogueOnlyVocals }).from(userPreferences).where(eq(userPreferences.userId, user.id)).get(),
  ]);
  const chosen = settings?.selectedVoice ?? null;
  const original = chosen === "original" && speech.canClone && character.voiceSampleFile;
  const voice = original ? "original" : defaultVoiceForTags(character.tags, (chosen === "original" ? null : chosen) ?? character.voice);
  const text = speechText(fillPlaceholders(message.content, user.name ?? "User", character.name), prefs?.dialogueOnly ?? true).slice(0, 4000);
  if (!text) return badRequest("This message has nothing to say aloud.");
  const key = await speechCacheKey(original ? `original:${character.voiceSampleFile}` : voice, text);
  if (await context.env.MEDIA.head(key)) return ok({ url: `/media/${key}` });
  const input: SpeechJobInput = { text, voice, key, ...(original ? { voiceSampleUrl: new URL(`/media/${character.voiceSampleFile}`, request.url).toString() } : {}) };
  return ok({ jobId: await enqueueJob(context, { type: "speech", userId: user.id, input }) });
}

export const loader = mutationOnlyLoader;
