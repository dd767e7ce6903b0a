import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { userPreferences } from "~/db/schema";
import type { SessionUser } from "~/lib/auth/session.server";
import { FALLBACK_USER_NAME, fillPlaceholders } from "~/lib/chat/prompt";
import { chatIdentity } from "~/lib/personas";
import { requireChat, requireMessage, chatModel } from "~/lib/chat/reply.server";
import { badRequest } from "~/lib/http/http.server";
import { textGenerator, usesDemoWriter } from "~/lib/providers/text/index.server";
import { findUnsafe } from "~/lib/safety";
import { canSeeImagePrompt, type Capabilities } from "~/lib/auth/capabilities";
import { pathTo } from "~/models/chat-tree";
import { DEFAULT_IMAGE_SIZE, IMAGE_MESSAGES } from "~/spec/images";
import { SAFETY_MESSAGE } from "~/spec/messages";
import { characterPrompt, imageModelFor, looksNsfw, modePrompt, SCENE_INSTRUCTION, sceneOf } from "./chat-scene";
import { queuePicture } from "./request.server";

const SCENE_MESSAGES = 6;

/**
 * The Chat mode's scene: the text model describes the conversation up to the message. The built-in
 * demo writer is not a model, so offline the scene is taken from the last messages' actions.
 */
async function conversationScene(
  context: AppLoadContext,
  can: Capabilities,
  chat: Awaited<ReturnType<typeof requireChat>>,
  messageId: string,
  userName: string,
) {
  const recent = pathTo(chat.all, messageId)
    .filter((m) => m.role !== "system" && m.content.trim())
    .slice(-SCENE_MESSAGES)
    .map((m) => ({ who: m.role === "user" ? userName : chat.character.name, text: fillPlaceholders(m.content, userName, chat.character.name) }));
  const who = characterPrompt(chat.character);
  if (usesDemoWriter(context.config)) {
    const scene = recent
      .slice(-3)
      .map((m) => sceneOf(m.text))
      .filter(Boolean)
      .join(", ");
    return scene ? `${who}, ${scene}`.slice(0, 900) : who;
  }
  let scene = "";
  for await (const piece of textGenerator(context.config).stream({
    model: chatModel(can, chat.settings, chat.character),
    messages: [
      { role: "system", content: `${SCENE_INSTRUCTION}\n${chat.character.name} looks like this: ${who}` },
      { role: "user", content: recent.map((m) => `${m.who}: ${m.text}`).join("\n") },
    ],
    maxTokens: 100,
    character: { name: chat.character.name, persona: "", scenario: "", tags: chat.character.tags, userName },
  }))
    scene += piece;
  return scene.replace(/\s+/g, " ").trim().slice(0, 900) || who;
}

/**
 * A picture for one of the character's messages (the camera button, or Auto Image Generation after
 * a reply). The user's image mode builds the prompt, their image style picks the model, and the
 * character's negative prompt is added. The prompt passes the safety module before a job is queued.
 */
export async function chatPicture(
  context: AppLoadContext,
  who: { user: SessionUser; can: Capabilities },
  params: { characterId?: string; messageId?: string },
) {
  const chat = await requireChat(context, who.user, params.characterId, { branch: true, through: params.messageId });
  const message = requireMessage(chat, params.messageId);
  if (message.role !== "character" || message.status !== "complete") throw badRequest(IMAGE_MESSAGES.noScene);
  const prefs = await context.db
    .select({ style: userPreferences.imageStyle, mode: userPreferences.imageGenerationMode })
    .from(userPreferences)
    .where(eq(userPreferences.userId, who.user.id))
    .get();
  const mode = prefs?.mode ?? "Mix";
  const userName = chatIdentity(null, who.user, FALLBACK_USER_NAME).name;
  // The Chat mode's text model runs only for a call the limit and the allowance admitted.
  return await queuePicture(context, who.user, async () => {
    const prompt =
      mode === "Chat"
        ? await conversationScene(context, who.can, chat, message.id, userName)
        : modePrompt(mode, chat.character, fillPlaceholders(message.content, userName, chat.character.name));
    const unsafe = findUnsafe(prompt);
    if (unsafe) throw badRequest(SAFETY_MESSAGE(unsafe));
    // A creator may keep the image prompts to themselves: the backend gets them, the picture's pages
    // show the prompt as it reads without them (the character's name and looks, and the scene).
    const hidden = !canSeeImagePrompt(who.user, chat.character);
    const shown = hidden
      ? {
          prompt: modePrompt(
            mode === "Prompt" ? "Prompt" : "Mix",
            { ...chat.character, imagePrompt: null },
            fillPlaceholders(message.content, userName, chat.character.name),
          ),
          negativePrompt: "",
        }
      : undefined;
    return {
      prompt,
      negativePrompt: chat.character.negativePrompt ?? "",
      shown,
      model: imageModelFor(prefs?.style ?? "Anime"),
      width: DEFAULT_IMAGE_SIZE.width,
      height: DEFAULT_IMAGE_SIZE.height,
      characterId: chat.character.id,
      subject: chat.character.id,
      messageId: message.id,
      isNsfw: chat.character.isNsfwThumbnail || looksNsfw(prompt),
    };
  });
}
