import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { characters, characterTags, chatSettings, messages, messageTokens, personas, savedChats, tags } from "~/db/schema";
import { isId } from "~/db/ids";
import { isSubscriber, requireUser } from "~/lib/permissions.server";
import { readAllowance } from "~/models/allowance.server";
import { toChatCharacter } from "~/models/chat-session.server";
import { chatMessages, createChat, currentChat } from "~/models/chat-tree.server";
import { jsonError, notFound } from "../http.server";

/**
 * Everything a new message needs, read in one D1 batch after the session: the character and its
 * tags, the chat on screen and its messages, the user's settings, personas and allowance. Time to
 * the first token depends on it (decision 010).
 */
export async function loadSendContext(request: Request, context: AppLoadContext, characterId: string | undefined) {
  const user = await requireUser(request, context);
  if (!isId(characterId)) throw notFound("Character not found");
  const db = context.db;
  const current = db
    .select({ id: savedChats.id })
    .from(savedChats)
    .where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.selected), desc(savedChats.updatedAt))
    .limit(1);
  const [characterRows, tagRows, chatRows, messageRows, settingsRows, personaRows, tokenRows] = await db.batch([
    db.select().from(characters).where(eq(characters.id, characterId)).limit(1),
    db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, characterId)),
    db.select().from(savedChats).where(inArray(savedChats.id, current)),
    db.select().from(messages).where(inArray(messages.chatId, current)).orderBy(asc(messages.createdAt), asc(messages.id)),
    db.select().from(chatSettings).where(and(eq(chatSettings.userId, user.id), eq(chatSettings.characterId, characterId))).limit(1),
    db.select({ id: personas.id, name: personas.name, persona: personas.persona, isDefault: personas.isDefault }).from(personas).where(eq(personas.userId, user.id)).orderBy(asc(personas.createdAt)),
    db.select({ token: messageTokens.token, resetAt: messageTokens.resetAt }).from(messageTokens).where(eq(messageTokens.userId, user.id)).limit(1),
  ]);
  const row = characterRows[0];
  if (!row || (!row.isPublic && row.userId !== user.id && !user.isModerator)) throw notFound("Character not found");
  const character = toChatCharacter(row, tagRows.map((t) => t.name));

  let spendFrom: string | null = null;
  if (!isSubscriber(user)) {
    const token = tokenRows[0];
    // A missing or expired allowance is refilled by readAllowance (rare: once per period).
    const allowance = token && token.resetAt.getTime() > Date.now() ? token : await readAllowance(db, user.id, context.config.allowance);
    if (allowance.token <= 0)
      throw jsonError(429, `You have used all your messages for now. They reset at ${allowance.resetAt.toUTCString()}. Upgrade for unlimited messages.`, { resetAt: allowance.resetAt.toISOString() });
    spendFrom = user.id;
  }

  let chat = chatRows[0];
  let all = messageRows;
  if (!chat) {
    await createChat(db, user.id, character);
    chat = (await currentChat(db, user.id, character.id))!;
    all = await chatMessages(db, chat.id);
  }
  return { user, character, chat, chatId: chat.id, all, settings: settingsRows[0], personas: personaRows, spendFrom };
}
