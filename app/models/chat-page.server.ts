import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { favorites, upvotes, userPreferences } from "~/db/schema";
import { chatModel } from "~/lib/chat/chat-request.server";
import { defaultPersona } from "~/lib/personas";
import { capabilities } from "~/lib/auth/permissions.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { textGenerator } from "~/lib/providers/text/index.server";
import { defaultVoiceForTags } from "~/spec/voices";
import { allowanceQuery, readAllowance } from "./allowance.server";
import { thumbnailUrl } from "./catalog.server";
import { chatSettingsQuery, type ChatCharacter } from "./chat-session.server";
import { chatOnScreen, chatOnScreenQueries, pathTo, type ChatMessage } from "./chat-tree.server";
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
};
type ChatPrefs = { [K in keyof typeof CHAT_PREF_COLUMNS]: (typeof CHAT_PREF_COLUMNS)[K]["_"]["data"] };
const DEFAULT_PREFS: ChatPrefs = {
  imageStyle: "Anime", imageGenerationMode: "Mix", mobileImageView: "In Chat", chatUI: "v2", chatLayout: "Center", userMessageBubble: true, characterMessageBubble: true,
  userMessageBubbleColor: "bg-zinc-900", characterMessageBubbleColor: "bg-gray-900", fontSize: 16, enterToSend: true, dialogueOnlyVocals: true,
};

/** Guests read the greeting (and its alternates) without a stored chat. */
function guestGreeting(character: ChatCharacter): ChatMessage[] {
  const greetings = [character.greeting, ...character.alternateGreetings].filter((g) => g.trim());
  if (!greetings.length) return [];
  const ids = greetings.map((_, i) => `greeting-${i}`);
  return [{ id: ids[0], parentId: null, role: "character", content: greetings[0], status: "complete", error: null, model: null, index: 1, count: greetings.length, siblingIds: ids }];
}

/** Everything /characters/chat/:id shows. */
export async function loadChatPage(context: AppLoadContext, character: ChatCharacter, user: SessionUser | null) {
  const db = context.db;
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
    modelLabel: textGenerator(context.config).label,
    speech: { provider: context.config.speech.provider, originalVoice: context.config.speech.canClone && !!character.voiceSampleFile },
  };
  if (!user)
    return { ...base, signedIn: false as const, messages: guestGreeting(character), votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: false, isFavorited: false }, userName: "User", prefs: DEFAULT_PREFS };
  // One D1 round trip for everything the signed-in page reads.
  const [chatRows, messageRows, [settings], personas, [prefs], [up], [fav], [token]] = await db.batch([
    ...chatOnScreenQueries(db, user.id, character.id),
    chatSettingsQuery(db, user.id, character.id),
    personasQuery(db, user.id),
    db.select(CHAT_PREF_COLUMNS).from(userPreferences).where(eq(userPreferences.userId, user.id)).limit(1),
    db.select({ id: upvotes.userId }).from(upvotes).where(and(eq(upvotes.userId, user.id), eq(upvotes.characterId, character.id))).limit(1),
    db.select({ id: favorites.userId }).from(favorites).where(and(eq(favorites.userId, user.id), eq(favorites.characterId, character.id))).limit(1),
    allowanceQuery(db, user.id),
  ]);
  const { chatId, chat, all } = await chatOnScreen(db, user.id, character, [chatRows, messageRows]);
  const can = capabilities(user, context);
  const unlimited = can.unlimitedMessages;
  const allowance = unlimited ? null : await readAllowance(db, user.id, context.config.allowance, Date.now(), token ?? null);
  const persona = defaultPersona(personas);
  return {
    ...base,
    signedIn: true as const,
    chatId,
    chatTitle: chat.title,
    messages: pathTo(all, chat.leafMessageId),
    votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: !!up, isFavorited: !!fav },
    userName: persona?.name || user.name || "User",
    prefs: prefs ?? DEFAULT_PREFS,
    settings: {
      model: chatModel(can, settings, character),
      voice: settings?.selectedVoice ?? null,
      personaOverride: settings?.persona ?? null,
    },
    allowance: { unlimited, remaining: allowance?.token ?? 0, resetAt: allowance?.resetAt.toISOString() ?? null },
    can,
  };
}
