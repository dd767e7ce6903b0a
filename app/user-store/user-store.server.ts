/**
 * One SQLite-backed Durable Object per user (decisions 027, 029 and 030), named by `idFromName(userId)`:
 * what is theirs and conversational (chat settings, chats and their messages) lives in its own
 * SQLite, so it grows with the number of users rather than filling the one D1 database. Routes
 * never call it: the models do (chat.server.ts, chat-settings.server.ts), through `userStore()`.
 *
 * Every method names the owner. The first call records it, and moves what D1 still holds for
 * them into the object (then deletes it from D1), so nobody sees their chats vanish between a
 * deploy and the queued move (jobs/move-to-objects.server.ts) reaching them.
 */
import { DurableObject } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { drizzle, type DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createDb } from "~/db/client.server";
import { characters, chatSettings as d1ChatSettings, messages as d1Messages, savedChats } from "~/db/schema";
import { ChatTables } from "./chats";
import { chatSettings, meta, MIGRATIONS, type ChatSettingsRow } from "./schema";

export type SettingsChange = Partial<Pick<ChatSettingsRow, "model" | "selectedVoice" | "persona" | "personaId">>;
export type MoveReport = { chatSettings: number; chats: number; messages: number };

/** What callers may ask of the chats (ChatTables' public methods), by name. */
export const CHAT_OPS = [
  "open",
  "find",
  "create",
  "copy",
  "appendExchange",
  "addSwipe",
  "retryInPlace",
  "reopenForContinue",
  "saveProgress",
  "completeReply",
  "failReply",
  "stopReply",
  "screen",
  "editInto",
  "showBranch",
  "deleteMessage",
  "list",
  "select",
  "rename",
  "delete",
  "findMessage",
  "redact",
  "recentCharacters",
  "recentChats",
] as const satisfies readonly (keyof ChatTables)[];
export type ChatOp = (typeof CHAT_OPS)[number];

export class UserStore extends DurableObject<Env> {
  private readonly db: DrizzleSqliteDODatabase;
  private readonly chats: ChatTables;
  private schemaReady = false;
  /** The owner this instance has checked and moved in, so later calls skip both. */
  private openFor: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = drizzle(ctx.storage);
    this.chats = new ChatTables(this.db, (work) => ctx.storage.transactionSync(work));
    void ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  /** Applies the migrations this object has not run yet, in one transaction. */
  private migrate() {
    const storage = this.ctx.storage;
    storage.transactionSync(() => {
      const hasMeta = storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0;
      const done = hasMeta ? Number(storage.sql.exec("SELECT value FROM meta WHERE key = 'schema'").toArray()[0]?.value ?? 0) : 0;
      for (let version = done; version < MIGRATIONS.length; version++) {
        for (const statement of MIGRATIONS[version]) storage.sql.exec(statement);
        storage.sql.exec("INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", String(version + 1));
      }
    });
    this.schemaReady = true;
  }

  private getMeta(key: string) {
    return this.db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).get()?.value ?? null;
  }

  private setMeta(key: string, value: string) {
    this.db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  /**
   * Checks that `owner` owns this object (recording it the first time) and moves in what D1 still
   * holds for them the first time; what that move brought in, or null when it had run before.
   */
  private async open(owner: string): Promise<MoveReport | null> {
    if (this.openFor === owner) return null;
    if (!this.schemaReady) this.migrate();
    const recorded = this.getMeta("owner");
    if (recorded && recorded !== owner) throw new Error("This store belongs to another user.");
    if (!recorded) this.setMeta("owner", owner);
    let moved: MoveReport | null = null;
    // Other calls wait while the move runs, so none reads settings halfway moved in.
    if (!this.getMeta("moved:chats")) await this.ctx.blockConcurrencyWhile(async () => void (moved = await this.moveIn(owner)));
    this.openFor = owner;
    return moved;
  }

  /**
   * Copies the owner's rows still in D1 (insert or ignore: what the object has wins) and then deletes
   * them there. Idempotent and resumable: a failure before the delete copies nothing twice next time.
   */
  private async moveIn(owner: string): Promise<MoveReport> {
    const d1 = createDb(this.env.DB);
    const ownChats = d1.select({ id: savedChats.id }).from(savedChats).where(eq(savedChats.userId, owner));
    const [settingsRows, chatRows, messageRows] = await d1.batch([
      d1
        .select({
          characterId: d1ChatSettings.characterId,
          model: d1ChatSettings.model,
          selectedVoice: d1ChatSettings.selectedVoice,
          persona: d1ChatSettings.persona,
          updatedAt: d1ChatSettings.updatedAt,
        })
        .from(d1ChatSettings)
        .where(eq(d1ChatSettings.userId, owner)),
      d1
        .select({
          id: savedChats.id,
          characterId: savedChats.characterId,
          title: savedChats.title,
          selected: savedChats.selected,
          leafMessageId: savedChats.leafMessageId,
          characterName: sql<string>`coalesce(${characters.name}, '')`,
          characterThumbnail: characters.thumbnail,
          createdAt: savedChats.createdAt,
          updatedAt: savedChats.updatedAt,
        })
        .from(savedChats)
        .leftJoin(characters, eq(characters.id, savedChats.characterId))
        .where(eq(savedChats.userId, owner)),
      d1.select().from(d1Messages).where(inArray(d1Messages.chatId, ownChats)),
    ]);
    this.ctx.storage.transactionSync(() => {
      for (const row of settingsRows) this.db.insert(chatSettings).values(row).onConflictDoNothing().run();
      this.chats.insertMoved(chatRows, messageRows);
      this.setMeta("moved:chat_settings", String(Date.now()));
      this.setMeta("moved:chats", String(Date.now()));
    });
    if (settingsRows.length || chatRows.length)
      await d1.batch([
        d1.delete(d1ChatSettings).where(eq(d1ChatSettings.userId, owner)),
        d1.delete(d1Messages).where(inArray(d1Messages.chatId, ownChats)),
        d1.delete(savedChats).where(eq(savedChats.userId, owner)),
      ]);
    return { chatSettings: settingsRows.length, chats: chatRows.length, messages: messageRows.length };
  }

  /** The queued move's call: whatever D1 still holds for the owner, moved in now. */
  async moveFromD1(owner: string): Promise<MoveReport> {
    return (await this.open(owner)) ?? (await this.moveIn(owner));
  }

  async chatSettings(owner: string, characterId: string): Promise<ChatSettingsRow | null> {
    await this.open(owner);
    return this.db.select().from(chatSettings).where(eq(chatSettings.characterId, characterId)).get() ?? null;
  }

  /** Saves some settings for a character (the row starts from `defaults`); the settings after. */
  async saveChatSettings(owner: string, characterId: string, change: SettingsChange, defaults: { model: string }) {
    await this.open(owner);
    const row = this.db
      .insert(chatSettings)
      .values({ characterId, model: defaults.model, ...change })
      .onConflictDoUpdate({ target: chatSettings.characterId, set: { ...change, updatedAt: sql`(unixepoch() * 1000)` } })
      .returning({ model: chatSettings.model, voice: chatSettings.selectedVoice, persona: chatSettings.persona, personaId: chatSettings.personaId })
      .get();
    return row;
  }

  /** One of ChatTables' operations on the owner's chats (models/chat.server.ts types each one). */
  async chat(owner: string, op: ChatOp, args: unknown[]): Promise<unknown> {
    if (!CHAT_OPS.includes(op)) throw new Error(`No such chat operation: ${op}`);
    await this.open(owner);
    return (this.chats[op] as unknown as (...a: unknown[]) => unknown).apply(this.chats, args);
  }

  /** The account is being deleted: everything in this object goes. */
  async erase() {
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
    this.openFor = null;
  }
}
