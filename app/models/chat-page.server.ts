import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favorites, upvotes, userPreferences } from "~/db/schema";
import { usableModel, type Capabilities } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import type { Config } from "~/lib/config.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import { chatIdentity, chatPersona } from "~/lib/personas";
import { defaultVoiceForTags } from "~/spec/voices";
import { keptChat, loadChat, screenAfter, type ChatCharacter, type ChatOwner } from "./chat.server";
import { getChatSettings } from "./chat-settings.server";
import { PAGE_MESSAGES, pathTo, windowPart, type ChatMessage, type MessageRow } from "~/user-store/chat-tree";
import { chatPicture, chatPicturesQuery, toPicture } from "./images.server";
import { personasQuery } from "./persona.server";

/** The account preferences the chat shows, and their defaults for guests and new accounts. */
const CHAT_PREF_COLUMNS = {
  imageStyle: userPreferences.imageStyle,
  imageGenerationMode: userPreferences.imageGenerationMode,
  mobileImageView: userPreferences.mobileImageView,
  chatUI: userPreferences.chatUI,
  chatLayout: userPreferences.chatLayout,
  userMessageBubble: userPreferences.userMessageBubble,
  characterMessageBubble: userPreferences.characterMessageBubble,
  userMessageBubbleColor: userPreferences.userMessageBubbleColor,
  characterMessageBubbleColor: userPreferences.characterMessageBubbleColor,
  fontSize: userPreferences.fontSize,
  enterToSend: userPreferences.enterToSend,
  dialogueOnlyVocals: userPreferences.dialogueOnlyVocals,
  showImages: userPreferences.showImages,
  autoImageGeneration: userPreferences.autoImageGeneration,
  showNsfwThumbnails: userPreferences.showNsfwThumbnails,
};
type ChatPrefs = { [K in keyof typeof CHAT_PREF_COLUMNS]: (typeof CHAT_PREF_COLUMNS)[K]["_"]["data"] };
export const DEFAULT_PREFS: ChatPrefs = {
  imageStyle: "Anime",
  imageGenerationMode: "Mix",
  mobileImageView: "In Chat",
  chatUI: "v2",
  chatLayout: "Center",
  userMessageBubble: true,
  characterMessageBubble: true,
  userMessageBubbleColor: "bg-zinc-900",
  characterMessageBubbleColor: "bg-gray-900",
  fontSize: 16,
  enterToSend: true,
  dialogueOnlyVocals: true,
  showImages: true,
  autoImageGeneration: false,
  showNsfwThumbnails: true,
};

/** The person's chat preferences (one row, or none: DEFAULT_PREFS), for a batch. */
export const chatPrefsQuery = (db: Db, userId: string) => db.select(CHAT_PREF_COLUMNS).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
export type { ChatPrefs };

/** Guests read the greeting (and its alternates) without a stored chat. */
function guestGreeting(character: ChatCharacter): ChatMessage[] {
  const greetings = [character.greeting, ...character.alternateGreetings].filter((g) => g.trim());
  if (!greetings.length) return [];
  const ids = greetings.map((_, i) => `greeting-${i}`);
  return [
    {
      id: ids[0],
      parentId: null,
      role: "character",
      content: greetings[0],
      status: "complete",
      error: null,
      model: null,
      index: 1,
      count: greetings.length,
      previousId: null,
      nextId: ids[1] ?? null,
    },
  ];
}

/**
 * Everything /characters/chat/:id shows, in one D1 round trip: the character, and for a signed-in
 * viewer the chat on screen, their settings, personas, preferences, votes and allowance. Null when
 * there is no such character for this viewer.
 */
export async function loadChatPage(
  { db, env }: { db: Db; env: Pick<Env, "USER_STORE"> },
  input: {
    user: SessionUser | null;
    can: Capabilities;
    characterId: string;
    config: Pick<Config, "allowance" | "speech"> & { modelLabel: string | null; demoWriter: boolean };
  },
) {
  const { user, can, config } = input;
  const userId = user?.id ?? "";
  const unlimited = can.unlimitedMessages;
  // The chat's window, the settings and the allowance come from one call to the user's own object, alongside the one D1 batch.
  const found = await loadChat(
    { db, env },
    {
      viewer: user,
      characterId: input.characterId,
      window: PAGE_MESSAGES,
      allowance: unlimited ? null : config.allowance,
      extra: user
        ? [
            personasQuery(db, userId),
            chatPrefsQuery(db, userId),
            db
              .select({ id: upvotes.userId })
              .from(upvotes)
              .where(and(eq(upvotes.userId, userId), eq(upvotes.characterId, input.characterId)))
              .limit(1),
            db
              .select({ id: favorites.userId })
              .from(favorites)
              .where(and(eq(favorites.userId, userId), eq(favorites.characterId, input.characterId)))
              .limit(1),
            chatPicturesQuery(db, userId, input.characterId),
          ]
        : [],
    },
  );
  if (!found) return user ? await unavailableChat({ db, env }, user, input.characterId, config) : null;
  const { character } = found;
  const base = {
    character: {
      id: character.id,
      name: character.name,
      thumbnailUrl: thumbnailUrl(character.thumbnail),
      upvotes: character.upvotes,
      favorites: character.favorites,
      voice: defaultVoiceForTags(character.tags, character.voice),
      voiceSampleUrl: character.voiceSampleFile ? `/media/${character.voiceSampleFile}` : null,
      defaultModel: character.defaultModel,
      persona: character.persona,
      alternateGreetings: character.alternateGreetings,
      greeting: character.greeting,
    },
    modelLabel: config.modelLabel,
    demoWriter: config.demoWriter,
    speech: { provider: config.speech.provider, originalVoice: config.speech.canClone && !!character.voiceSampleFile },
  };
  if (!user || !found.chat)
    return {
      ...base,
      signedIn: false as const,
      unavailable: false,
      messages: guestGreeting(character),
      earlier: 0,
      votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: false, isFavorited: false },
      userName: FALLBACK_USER_NAME,
      prefs: DEFAULT_PREFS,
    };
  const [personas, [prefs], [up], [fav], pictures] = found.extra as unknown as [
    { id: string; name: string; persona: string; isDefault: boolean }[],
    ChatPrefs[],
    unknown[],
    unknown[],
    Parameters<typeof toPicture>[0][],
  ];
  const { settings, allowance } = found;
  const persona = chatPersona(personas, settings?.personaId);
  return {
    ...base,
    signedIn: true as const,
    chatId: found.chat.id,
    chatTitle: found.chat.title,
    ...(await latestMessages({ env, userId }, found.chat, found.all, found.branchLength)),
    votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: !!up, isFavorited: !!fav },
    userName: chatIdentity(persona, user, FALLBACK_USER_NAME).name,
    prefs: prefs ?? DEFAULT_PREFS,
    settings: {
      model: usableModel(can, settings?.model ?? character.defaultModel),
      voice: settings?.selectedVoice ?? null,
      personaOverride: settings?.persona ?? null,
      personaId: persona?.id ?? null,
    },
    allowance: { unlimited, remaining: allowance?.token ?? 0, resetAt: allowance?.resetAt.toISOString() ?? null },
    pictures: pictures.map((p) => chatPicture(toPicture(p))),
    // The messages remembered, which wear a pin (issue 61).
    pinned: found.memory.flatMap((p) => (p.messageId ? [p.messageId] : [])),
    can,
  };
}

/**
 * A chat whose character is gone (deleted, or made private by its owner or a moderator): the person
 * still reads it, under the name the chat kept, with the default picture (the character's own may be
 * deleted or private) and nothing to send. Null when they never chatted with it: then it is a 404.
 */
async function unavailableChat(
  { db, env }: { db: Db; env: Pick<Env, "USER_STORE"> },
  user: SessionUser,
  characterId: string,
  config: Pick<Config, "speech"> & { modelLabel: string | null },
) {
  const owner = { env, userId: user.id };
  const [kept, [prefs], personas, settings] = await Promise.all([
    keptChat(owner, characterId, { window: PAGE_MESSAGES }),
    chatPrefsQuery(db, user.id),
    personasQuery(db, user.id),
    getChatSettings(env, user.id, characterId),
  ]);
  if (!kept) return null;
  const name = kept.chat.characterName || UNAVAILABLE_NAME;
  return {
    character: {
      id: characterId,
      name,
      thumbnailUrl: thumbnailUrl(null),
      upvotes: 0,
      favorites: 0,
      voice: defaultVoiceForTags([], null),
      voiceSampleUrl: null,
      defaultModel: null,
      persona: "",
      alternateGreetings: [] as string[],
      greeting: "",
    },
    modelLabel: config.modelLabel,
    demoWriter: false,
    speech: { provider: config.speech.provider, originalVoice: false },
    signedIn: false as const,
    unavailable: true,
    ...(await latestMessages(owner, kept.chat, kept.all, kept.branchLength)),
    votes: { upvotes: 0, favorites: 0, isUpvoted: false, isFavorited: false },
    userName: chatIdentity(chatPersona(personas, settings?.personaId), user, FALLBACK_USER_NAME).name,
    prefs: prefs ?? DEFAULT_PREFS,
  };
}
/** What a kept chat calls a character whose name it never copied (a chat moved in without one). */
const UNAVAILABLE_NAME = "This character";

/** The window loadChat read, or (a chat just opened, or its leaf missing) the latest of the whole chat. */
async function latestMessages(owner: ChatOwner, chat: { id: string; leafMessageId: string | null }, rows: MessageRow[], branchLength?: number) {
  const window = branchLength ? windowPart({ all: rows, branchLength, chat }) : null;
  if (window?.messages.length) return window;
  const path = branchLength === undefined ? pathTo(rows, chat.leafMessageId) : await screenAfter(owner, chat.id, chat.leafMessageId);
  const earlier = Math.max(0, path.length - PAGE_MESSAGES);
  return { messages: path.slice(earlier), earlier };
}

/** What the chat page shows, for a guest or a signed-in user. */
export type ChatPageData = NonNullable<Awaited<ReturnType<typeof loadChatPage>>>;
