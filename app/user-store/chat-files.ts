/**
 * Chat files in and out of a user's object (issue 25, decision 046): an imported SillyTavern chat
 * becomes a new chat, the one on screen, in one transaction; an export reads the branch on screen with
 * each message's versions and what the file it came from held. The file format is
 * lib/chat/sillytavern.ts; this is only the tables.
 */
import { asc, eq } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createId } from "~/db/ids";
import type { BranchMessage, ImportedChat } from "~/lib/chat/sillytavern";
import { pathTo } from "~/user-store/chat-tree";
import { childrenByParent } from "~/lib/message-tree";
import type { CharacterSnapshot, ChatTables } from "./chats";
import { chatSettings, importedFields, messages } from "./schema";

/** The branch on screen of one chat, for a file: its header and messages with their versions. */
export type ExportedChat = {
  title: string;
  /** The character's name as the chat keeps it (it stays readable after the character goes). */
  characterName: string;
  /** The persona the person chats as with the character (null: their default). */
  personaId: string | null;
  createdAt: number;
  /** The file's header line as it was imported (JSON), or null. */
  header: string | null;
  /** The branch's messages; each version's `kept` is the JSON of what its imported line kept (KeptMessage), or null. */
  messages: (Omit<BranchMessage, "versions"> & { versions: (Omit<BranchMessage["versions"][number], "kept"> & { kept: string | null })[] })[];
};

export class ChatFiles {
  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
    private readonly chats: ChatTables,
  ) {}

  /** A new chat holding the file's messages, made the one on screen; the chat that was on screen stays as a saved chat. */
  importChat(character: CharacterSnapshot, title: string, file: ImportedChat) {
    const chatId = createId();
    const ids = file.messages.map(() => createId());
    this.transaction(() => {
      this.chats.insertSelected(character, chatId, title, file.leafRef === null ? null : ids[file.leafRef]);
      if (file.header) this.db.insert(importedFields).values({ id: chatId, chatId, fields: file.header }).run();
      for (const m of file.messages) {
        const id = ids[m.ref];
        this.db
          .insert(messages)
          .values({
            id,
            chatId,
            parentId: m.parentRef === null ? null : ids[m.parentRef],
            role: m.role,
            content: m.content,
            // The model the file names (older imports carry none).
            model: m.model ?? null,
            createdAt: new Date(m.createdAt),
          })
          .run();
        if (m.kept) this.db.insert(importedFields).values({ id, chatId, fields: m.kept }).run();
      }
    });
    return { chatId };
  }

  /** The branch on screen of the character's chat on screen (or of `chatId`, one of the person's chats with it); null when there is none. */
  exportBranch(characterId: string, chatId?: string): ExportedChat | null {
    const chat = chatId ? this.chats.find(characterId, chatId) : this.chats.onScreen(characterId);
    if (!chat) return null;
    const all = this.db.select().from(messages).where(eq(messages.chatId, chat.id)).orderBy(asc(messages.createdAt), asc(messages.id)).all();
    const fields = new Map(
      this.db
        .select({ id: importedFields.id, fields: importedFields.fields })
        .from(importedFields)
        .where(eq(importedFields.chatId, chat.id))
        .all()
        .map((r) => [r.id, r.fields]),
    );
    const byId = new Map(all.map((m) => [m.id, m]));
    const children = childrenByParent(all);
    const kept = (id: string) => fields.get(id) ?? null;
    const settings = this.db.select({ personaId: chatSettings.personaId }).from(chatSettings).where(eq(chatSettings.characterId, characterId)).get();
    return {
      title: chat.title,
      characterName: chat.characterName,
      personaId: settings?.personaId ?? null,
      createdAt: chat.createdAt.getTime(),
      header: fields.get(chat.id) ?? null,
      messages: pathTo(all, chat.leafMessageId).map((m) => ({
        role: m.role,
        createdAt: byId.get(m.id)!.createdAt.getTime(),
        index: m.index - 1,
        versions: children
          .get(m.parentId)!
          .map((version) => ({ content: version.content, createdAt: version.createdAt.getTime(), kept: kept(version.id), model: version.model })),
      })),
    };
  }
}
