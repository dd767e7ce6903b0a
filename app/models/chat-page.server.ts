import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { BUBBLE_COLORS, CHAT_LAYOUTS, CHAT_UIS, favorites, IMAGE_MODES, IMAGE_STYLES, IMAGE_VIEWS, upvotes, userPreferences } from "~/db/schema";
import { isTester, openChat } from "~/lib/chat/chat-request.server";
import { defaultPersona } from "~/lib/personas";
import { isSubscriber } from "~/lib/permissions.server";
import type { SessionUser } from "~/lib/session.server";
import { textGenerator } from "~/lib/text/index.server";
import { defaultVoiceForTags } from "~/spec/voices";
import { readAllowance } from "./allowance.server";
import { thumbnailUrl } from "./catalog.server";
import { effectiveModel, getChatSettings, type ChatCharacter } from "./chat-session.server";
import { pathTo, type ChatMessage } from "./chat-tree.server";
import { listPersonas } from "./persona.server";

const DEFAULT_PREFS: {
  imageStyle: (typeof IMAGE_STYLES)[number]; imageGenerationMode: (typeof IMAGE_MODES)[number]; mobileImageView: (typeof IMAGE_VIEWS)[number]; chatUI: (typeof CHAT_UIS)[number];
  chatLayout: (typeof CHAT_LAYOUTS)[number]; userMessageBubble: boolean; characterMessageBubble: boolean; userMessageBubbleColor: (typeof BUBBLE_COLORS)[number];
  characterMessageBubbleColor: (typeof BUBBLE_COLORS)[number]; fontSize: number; enterToSend: boolean; dialogueOnlyVocals: boolean;
} = { imageStyle: "Anime", imageGenerationMode: "Mix", mobileImageView: "In Chat", chatUI: "v2", chatLayout: "Center", userMessageBubble: true, characterMessageBubble: true, userMessageBubbleColor: "bg-zinc-900", characterMessageBubbleColor: "bg-gray-900", fontSize: 16, enterToSend: true, dialogueOnlyVocals: true };

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
    return { ...base, signedIn: false as const, messages: guestGreeting(character), votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: false, isFavorited: false }, userName: "User" };
  const [{ chatId, chat, all }, settings, personas, [prefs], [up], [fav]] = await Promise.all([
    openChat(context, user, character),
    getChatSettings(db, user.id, character.id),
    listPersonas(db, user.id),
    db.select().from(userPreferences).where(eq(userPreferences.userId, user.id)).limit(1),
    db.select({ id: upvotes.userId }).from(upvotes).where(and(eq(upvotes.userId, user.id), eq(upvotes.characterId, character.id))).limit(1),
    db.select({ id: favorites.userId }).from(favorites).where(and(eq(favorites.userId, user.id), eq(favorites.characterId, character.id))).limit(1),
  ]);
  const unlimited = isSubscriber(user);
  const allowance = unlimited ? null : await readAllowance(db, user.id, context.config.allowance);
  const persona = defaultPersona(personas);
  return {
    ...base,
    signedIn: true as const,
    chatId,
    chatTitle: chat.title,
    messages: pathTo(all, chat.leafMessageId),
    votes: { upvotes: character.upvotes, favorites: character.favorites, isUpvoted: !!up, isFavorited: !!fav },
    userName: persona?.name || user.name || "User",
    prefs: {
      imageStyle: prefs?.imageStyle ?? DEFAULT_PREFS.imageStyle,
      imageGenerationMode: prefs?.imageGenerationMode ?? DEFAULT_PREFS.imageGenerationMode,
      mobileImageView: prefs?.mobileImageView ?? DEFAULT_PREFS.mobileImageView,
      chatUI: prefs?.chatUI ?? DEFAULT_PREFS.chatUI,
      chatLayout: prefs?.chatLayout ?? DEFAULT_PREFS.chatLayout,
      userMessageBubble: prefs?.userMessageBubble ?? DEFAULT_PREFS.userMessageBubble,
      characterMessageBubble: prefs?.characterMessageBubble ?? DEFAULT_PREFS.characterMessageBubble,
      userMessageBubbleColor: prefs?.userMessageBubbleColor ?? DEFAULT_PREFS.userMessageBubbleColor,
      characterMessageBubbleColor: prefs?.characterMessageBubbleColor ?? DEFAULT_PREFS.characterMessageBubbleColor,
      fontSize: prefs?.fontSize ?? DEFAULT_PREFS.fontSize,
      enterToSend: prefs?.enterToSend ?? DEFAULT_PREFS.enterToSend,
      dialogueOnlyVocals: prefs?.dialogueOnlyVocals ?? DEFAULT_PREFS.dialogueOnlyVocals,
    },
    settings: {
      model: effectiveModel(settings, character),
      voice: settings?.selectedVoice ?? null,
      personaOverride: settings?.persona ?? null,
    },
    allowance: { unlimited, remaining: allowance?.token ?? 0, resetAt: allowance?.resetAt.toISOString() ?? null },
    isTester: isTester(context, user),
    isPremium: unlimited,
    isGold: user.tier === "GOLD",
    isAllowListed: context.config.allowlistUserIds.includes(user.id),
  };
}
