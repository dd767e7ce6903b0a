import type { AppLoadContext } from "react-router";
import { picturePreferences } from "~/models/preference.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { FALLBACK_USER_NAME, fillPlaceholders } from "~/lib/chat/prompt";
import { chatIdentity } from "~/lib/personas";
import { chatModel } from "~/user-store/reply-plan";
import { requireChat, requireChatCharacter, requireMessage } from "~/services/chat/reply.server";
import { requireGroupMessage } from "~/services/groups/group-message.server";
import { groupView } from "~/models/groups.server";
import type { ChatCharacter } from "~/models/chat.server";
import { badRequest } from "~/lib/http/http.server";
import { textGenerator, usesDemoWriter } from "~/lib/providers/text/index.server";
import { findUnsafe } from "~/lib/safety/screen";
import { canSeeImagePrompt, usableModel, type Capabilities } from "~/lib/auth/capabilities";
import { pathTo, toWindow, type WindowRow } from "~/user-store/chat-tree";
import { DEFAULT_IMAGE_SIZE, IMAGE_MESSAGES } from "~/spec/images";
import { SAFETY_MESSAGE } from "~/spec/messages";
import { characterPrompt, imageModelFor, looksNsfw, modePrompt, SCENE_INSTRUCTION, sceneOf } from "~/lib/images/chat-scene";
import { queuePicture } from "./request.server";

const SCENE_MESSAGES = 6;

type SceneCharacter = Parameters<typeof characterPrompt>[0] & { name: string; tags: string[] };

/** The last SCENE_MESSAGES things said up to a message, as who said what. */
const sceneLines = <M extends { role: string; content: string }>(said: M[], line: (m: M) => { who: string; text: string }) =>
  said
    .filter((m) => m.role !== "system" && m.content.trim())
    .slice(-SCENE_MESSAGES)
    .map(line);

/**
 * The Chat mode's scene: the text model describes the conversation up to the message (`recent`, who
 * said what). The built-in demo writer is not a model, so offline the scene is taken from the last
 * messages' actions.
 */
async function conversationScene(
  context: AppLoadContext,
  model: ReturnType<typeof chatModel>,
  character: SceneCharacter,
  recent: { who: string; text: string }[],
  userName: string,
) {
  const who = characterPrompt(character);
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
    model,
    messages: [
      { role: "system", content: `${SCENE_INSTRUCTION}\n${character.name} looks like this: ${who}` },
      { role: "user", content: recent.map((m) => `${m.who}: ${m.text}`).join("\n") },
    ],
    maxTokens: 100,
    character: { name: character.name, persona: "", scenario: "", tags: character.tags, userName },
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
  // The scene's last lines: a few more than it shows, as empty and system messages are left out (decision 071).
  const chat = await requireChat(context, who.user, params.characterId, { branch: true, through: params.messageId, depth: SCENE_MESSAGES * 4 });
  const message = requireMessage(chat, params.messageId);
  if (message.role !== "character" || message.status !== "complete") throw badRequest(IMAGE_MESSAGES.noScene);
  const userName = chatIdentity(null, who.user, FALLBACK_USER_NAME).name;
  const recent = sceneLines(pathTo(chat.all, message.id), (m) => ({
    who: m.role === "user" ? userName : chat.character.name,
    text: fillPlaceholders(m.content, userName, chat.character.name),
  }));
  return await pictureOf(context, who, { character: chat.character, model: chatModel(who.can, chat.settings, chat.character), message, recent, userName });
}

/**
 * A picture for a group member's message (issue 26): the same, with that member as the character
 * and the group's conversation as the scene.
 */
export async function groupPicture(context: AppLoadContext, who: { user: SessionUser; can: Capabilities }, params: { id?: string; messageId?: string }) {
  const { owner, target } = await requireGroupMessage(context, who.user, params.id, params.messageId);
  if (target.role !== "character" || target.status !== "complete" || !target.speakerId) throw badRequest(IMAGE_MESSAGES.noScene);
  // The member's card from D1 and the group's last lines from the person's object, side by side.
  const [{ character }, viewed] = await Promise.all([
    requireChatCharacter(context, who.user, target.speakerId),
    groupView(owner, params.id!, SCENE_MESSAGES * 4),
  ]);
  const names = new Map(viewed?.group.members.map((m) => [m.id, m.name]) ?? []);
  const userName = chatIdentity(null, who.user, FALLBACK_USER_NAME).name;
  const rows = (viewed?.opened.all.length && toWindow(viewed.opened.all as WindowRow[], viewed.opened.chat.leafMessageId)) || [];
  const upTo = rows.findIndex((m) => m.id === target.id);
  const recent = sceneLines(upTo >= 0 ? rows.slice(0, upTo + 1) : rows, (m) => ({
    who: m.role === "user" ? userName : (names.get(m.speakerId ?? "") ?? character.name),
    text: m.content,
  }));
  return await pictureOf(context, who, { character, model: usableModel(who.can, character.defaultModel), message: target, recent, userName });
}

/**
 * The picture of one character's message. The user's image mode builds the prompt, their image style
 * picks the model, and the character's negative prompt is added. The prompt passes the safety module
 * before a job is queued.
 */
async function pictureOf(
  context: AppLoadContext,
  who: { user: SessionUser; can: Capabilities },
  input: {
    character: ChatCharacter;
    model: ReturnType<typeof chatModel>;
    message: { id: string; content: string };
    recent: { who: string; text: string }[];
    userName: string;
  },
) {
  const { character, message, userName } = input;
  const prefs = await picturePreferences(context.db, who.user.id);
  const mode = prefs?.mode ?? "Mix";
  // The Chat mode's text model runs only for a call the limit and the allowance admitted.
  return await queuePicture(context, who.user, async () => {
    const prompt =
      mode === "Chat"
        ? await conversationScene(context, input.model, character, input.recent, userName)
        : modePrompt(mode, character, fillPlaceholders(message.content, userName, character.name));
    const unsafe = findUnsafe(prompt);
    if (unsafe) throw badRequest(SAFETY_MESSAGE(unsafe));
    // A creator may keep the image prompts to themselves: the backend gets them, the picture's pages
    // show the prompt as it reads without them (the character's name and looks, and the scene).
    const hidden = !canSeeImagePrompt(who.user, character);
    const shown = hidden
      ? {
          prompt: modePrompt(
            mode === "Prompt" ? "Prompt" : "Mix",
            { ...character, imagePrompt: null },
            fillPlaceholders(message.content, userName, character.name),
          ),
          negativePrompt: "",
        }
      : undefined;
    return {
      prompt,
      negativePrompt: character.negativePrompt ?? "",
      shown,
      model: imageModelFor(prefs?.style ?? "Anime"),
      width: DEFAULT_IMAGE_SIZE.width,
      height: DEFAULT_IMAGE_SIZE.height,
      characterId: character.id,
      subject: character.id,
      messageId: message.id,
      isNsfw: character.isNsfwThumbnail || looksNsfw(prompt),
    };
  });
}
