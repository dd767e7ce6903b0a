import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { requireUser } from "~/lib/auth/permissions.server";
import { chatCharacterQueries, chatSettingsQuery, visibleChatCharacter } from "~/models/chat-session.server";
import { chatOnScreen, chatOnScreenQueries } from "~/models/chat-tree.server";
import { personasQuery } from "~/models/persona.server";
import { notFound } from "~/lib/http/http.server";

/**
 * Everything a new message needs, read in one D1 batch after the session: the character and its
 * tags, the chat on screen and its messages, the user's settings and personas. Time to
 * the first token depends on it (decision 010).
 */
export async function loadSendContext(request: Request, context: AppLoadContext, characterId: string | undefined) {
  const user = await requireUser(request, context);
  if (!isId(characterId)) throw notFound("Character not found");
  const db = context.db;
  const [characterRows, tagRows, chatRows, messageRows, settingsRows, personaRows] = await db.batch([
    ...chatCharacterQueries(db, characterId),
    ...chatOnScreenQueries(db, user.id, characterId),
    chatSettingsQuery(db, user.id, characterId),
    personasQuery(db, user.id),
  ]);
  const character = visibleChatCharacter(characterRows, tagRows, user);
  if (!character) throw notFound("Character not found");
  const { chat, chatId, all } = await chatOnScreen(db, user.id, character, [chatRows, messageRows]);
  return { user, character, chat, chatId, all, settings: settingsRows[0], personas: personaRows };
}
