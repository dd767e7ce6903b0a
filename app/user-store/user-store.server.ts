/**
 * One SQLite-backed Durable Object per user (decisions 027, 029 and 030), named by `idFromName(userId)`:
 * what is theirs and conversational (chat settings, chats and their messages) lives in its own
 * SQLite, so it grows with the number of users rather than filling the one D1 database. Routes
 * never call it: the models do (chat.server.ts, chat-settings.server.ts), through `userStore()`.
 *
 * Every method names the owner. The first call records it; a call for anyone else is refused.
 * D1's old chat and story tables, and the one-off move out of them, are gone (decision 052).
 */
import { DurableObject } from "cloudflare:workers";
import { eq, like, sql } from "drizzle-orm";
import { drizzle, type DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { recordActivity } from "~/models/activity-events.server";
import { sseEvent } from "~/lib/chat/events";
import { completeRecipe, planReply, type RecipeBase } from "~/lib/chat/reply-plan";
import type { LiveEvent } from "~/lib/chat/live-events";
import { writeReply, type ReplyJob, type ReplyPorts } from "~/lib/chat/write-reply.server";
import { getConfig, type Config } from "~/lib/config.server";
import { logError } from "~/lib/log";
import { textGenerator } from "~/lib/providers/text/index.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import { isStale } from "~/user-store/chat-tree";
import { createDb } from "~/db/client.server";
import { gate } from "~/services/safety-gate.server";
import type { WorkersAi } from "~/lib/providers/moderation/workers-ai.server";
import { AllowanceTables, type AllowanceConfig, type AllowanceState, type Reserved } from "./allowances";
import type { ImportedChat } from "~/lib/chat/sillytavern";
import { ChatFiles, type ExportedChat } from "./chat-files";
import { ChatTables, type CharacterSnapshot, type ChatRead, type OpenedChat } from "./chats";
import { CHANGES, endSocket, MAX_SOCKETS, sessionTag, socketSession, type SocketSession } from "./live";
import { isWebSocketUpgrade } from "~/lib/http/upgrade";
import { GroupTables, groupChatKey } from "./groups";
import { MemoryTables, type MemoryPin, type MemorySummary } from "./memory";
import { StoryTables } from "./stories";
import { writeSummary } from "./summarize";
import {
  chatSettings,
  meta,
  MIGRATIONS,
  type AllowanceKind,
  type ChatRow,
  type ChatSettingsRow,
  type MessageRow,
  type StoryMessageRow,
  type StoryRow,
} from "./schema";

export type SettingsChange = Partial<Pick<ChatSettingsRow, "model" | "selectedVoice" | "persona" | "personaId">>;
/**
 * Rows a seed or a test fixture writes straight into the object (decision 052): the demo seed's
 * chats, the bench's long chat. Times are epoch milliseconds or Dates.
 */
export type SeedRows = {
  chats?: (Omit<ChatRow, "number" | "createdAt" | "updatedAt"> & { createdAt: number | Date; updatedAt: number | Date })[];
  messages?: (Omit<MessageRow, "speakerId" | "createdAt" | "error" | "model"> & { createdAt: number | Date; error?: string | null; model?: string | null })[];
  stories?: (Omit<StoryRow, "createdAt" | "updatedAt"> & { createdAt: number | Date; updatedAt: number | Date })[];
  storyTurns?: (Omit<StoryMessageRow, "createdAt"> & { createdAt: number | Date })[];
  /** What is left of an allowance and until when; an allowance the object already has is kept. */
  allowances?: { kind: AllowanceKind; token: number; resetAt: number | Date }[];
};

/** What callers may ask of the chats (ChatTables' public methods, the reads of ChatReads among them), by name. */
export const CHAT_OPS = [
  "open",
  "find",
  "create",
  "copy",
  "addSwipe",
  "retryInPlace",
  "reopenForContinue",
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

/** What callers may ask of the stories (StoryTables' public methods), by name. */
export const STORY_OPS = ["load", "list", "create", "appendTurn", "rename", "showBranch", "undo", "delete"] as const satisfies readonly (keyof StoryTables)[];
export type StoryOp = (typeof STORY_OPS)[number];

/** What callers may ask of the group chats (GroupTables' public methods), by name; those after `get` change what pages show. */
export const GROUP_OPS = ["list", "get", "view", "create", "update", "delete", "appendTurn"] as const satisfies readonly (keyof GroupTables)[];
export type GroupOp = (typeof GROUP_OPS)[number];

/** What callers may ask of a chat's memory (MemoryTables' public methods), by name. */
export const MEMORY_OPS = ["pins", "pin", "edit", "unpin", "clear", "summaries", "editSummary"] as const satisfies readonly (keyof MemoryTables)[];
export type MemoryOp = (typeof MEMORY_OPS)[number];

/** A reply that has not been saved for this long, and is not being written here, stopped (the object was evicted mid-reply). */
export const STALL_MS = 60_000;

/** Why a send was not taken: a parent not in the chat, or no message left. */
export type SendRefusal = { refused: "parent-gone" } | { refused: "allowance"; resetAt: Date };
/**
 * What a Regenerate or a Continue does to the chat before its reply is written. Regenerate: a new
 * empty version beside the message, or, for a failed (or cut-off) reply, the message emptied in place
 * (Retry). Continue: the finished message reopened.
 */
export type ReplyStep = { kind: "regenerate" | "continue"; chatId: string; messageId: string; model: string };
/** A step taken: the message the reply is written into, and the message taken from the allowance (null when unlimited). */
export type ReplyBegun = { replyId: string; characterId: string; reservation: { userId: string; resetAt: Date } | null };
/** Why a step was not taken: no message left, or the message is no longer what the step needs (another tab changed it). */
export type StepRefusal = { refused: "allowance"; resetAt: Date } | { refused: "changed" };
/** A send taken: the reply's stream of events, and whether the send opened the chat (its first message). */
export type SendTaken = { stream: ReadableStream<Uint8Array>; started: boolean };
/** Thrown inside a send's transaction, so that what it stored is undone, and answered as the refusal. */
class Refused extends Error {
  constructor(readonly refusal: SendRefusal | StepRefusal) {
    super(refusal.refused);
  }
}

/** What the object keeps of a reply being written, so the alarm can close it if its writer dies. */
type Writing = { reservation: { userId: string; resetAt: string } | null; prefix: string; characterId: string };

/** Runs one of a set of tables' listed operations: the one way callers' operation names reach the statements. */
function runOp<T extends object>(tables: T, allowed: readonly (keyof T)[], op: keyof T, args: unknown[]): unknown {
  if (!allowed.includes(op)) throw new Error(`No such operation: ${String(op)}`);
  return (tables[op] as unknown as (...a: unknown[]) => unknown).apply(tables, args);
}

export class UserStore extends DurableObject<Env> {
  private readonly db: DrizzleSqliteDODatabase;
  private readonly chats: ChatTables;
  private readonly allowances: AllowanceTables;
  private readonly stories: StoryTables;
  private readonly memory: MemoryTables;
  private readonly files: ChatFiles;
  private readonly groups: GroupTables;
  private schemaReady = false;
  /** The owner this instance has checked, so later calls skip the check. */
  private openFor: string | null = null;
  /** A figure of what is left of the messages is waiting to be told (allowanceChanged). */
  private allowanceToTell = false;
  /** The replies this instance is writing now; one recorded as being written but not here has stopped. */
  private readonly writing = new Set<string>();
  /** The streams a session holds open here (a reply's page, a relayed story turn), by session id: its end cuts them (issue 58). */
  private readonly held = new Map<string, Set<() => void>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = drizzle(ctx.storage);
    this.chats = new ChatTables(this.db, (work) => ctx.storage.transactionSync(work));
    // Every page the person has open shows what is left of their messages (any chat or group uses them).
    this.allowances = new AllowanceTables(this.db, (kind) => {
      if (kind === "message") this.allowanceChanged();
    });
    this.stories = new StoryTables(this.db, (work) => ctx.storage.transactionSync(work));
    this.memory = new MemoryTables(this.db, (work) => ctx.storage.transactionSync(work));
    this.files = new ChatFiles(this.db, (work) => ctx.storage.transactionSync(work), this.chats);
    this.groups = new GroupTables(this.db, (work) => ctx.storage.transactionSync(work), this.chats, this.memory);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
    // A page's keep-alive is answered without waking the object (WebSocket hibernation).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
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
   * Checks that `owner` owns this object, recording it the first time. Async though it awaits
   * nothing: a refusal then reaches the caller as a rejected promise (thrown synchronously inside an
   * RPC method, workerd also reported it as an unhandled rejection).
   */
  private async open(owner: string) {
    if (this.openFor === owner) return;
    if (!this.schemaReady) this.migrate();
    const recorded = this.getMeta("owner");
    if (recorded && recorded !== owner) throw new Error("This store belongs to another user.");
    if (!recorded) this.setMeta("owner", owner);
    this.openFor = owner;
  }

  /**
   * Writes seeded rows in one transaction, insert or ignore (what the object has wins), so a seed run
   * again adds nothing. Reachable only through the binding: the demo and bench seeds call it through
   * Miniflare, the server tests' fixtures through `userStore()`. Answers how many rows are new, and
   * which chats (the demo seed counts its daily figures from those alone).
   */
  async takeRows(owner: string, rows: SeedRows): Promise<{ chats: number; messages: number; stories: number; storyTurns: number; newChats: string[] }> {
    await this.open(owner);
    const at = (value: number | Date) => new Date(value);
    return this.ctx.storage.transactionSync(() => {
      for (const { kind, token, resetAt } of rows.allowances ?? []) this.allowances.insertRow(kind, { token, resetAt: at(resetAt) });
      return {
        ...this.chats.insertRows(
          (rows.chats ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt), updatedAt: at(row.updatedAt) })),
          (rows.messages ?? []).map((row) => ({ error: null, model: null, ...row, createdAt: at(row.createdAt) })),
        ),
        ...this.stories.insertRows(
          (rows.stories ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt), updatedAt: at(row.updatedAt) })),
          (rows.storyTurns ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt) })),
        ),
      };
    });
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

  /**
   * What a chat page (or a send) needs of the object, in one call: the chat on screen with the
   * character (only if it exists; the latest `window` of its branch) and what the character remembers
   * of it, the person's settings for the character, and, when `allowance` is given, their message allowance.
   */
  async chatView(
    owner: string,
    characterId: string,
    options: ChatRead & { chat: boolean; allowance?: AllowanceConfig | null },
  ): Promise<{
    opened: OpenedChat | null;
    settings: ChatSettingsRow | null;
    allowance: AllowanceState | null;
    memory: MemoryPin[];
    summaries: MemorySummary[];
  }> {
    await this.open(owner);
    return this.ctx.storage.transactionSync(() => {
      const opened = options.chat
        ? this.chats.open(
            { id: characterId, name: "", thumbnail: null, greetings: [] },
            {
              window: options.window,
              before: options.before,
              branch: options.branch,
              through: options.through,
              depth: options.depth,
              tree: options.tree,
              create: false,
            },
          )
        : null;
      return {
        opened,
        settings: this.db.select().from(chatSettings).where(eq(chatSettings.characterId, characterId)).get() ?? null,
        allowance: options.allowance ? this.allowances.read("message", options.allowance, Date.now()) : null,
        memory: opened ? this.memory.pins(opened.chat.id) : [],
        summaries: opened ? this.memory.summaries(opened.chat.id) : [],
      };
    });
  }

  /** The owner's allowance of one kind, refilled when its period is over (decision 042: nothing of it is in D1). */
  async readAllowance(owner: string, kind: AllowanceKind, config: AllowanceConfig, now = Date.now()): Promise<AllowanceState> {
    await this.open(owner);
    return this.allowances.read(kind, config, now);
  }

  /** One taken from the owner's allowance, atomically: parallel calls are decided one after another. */
  async reserveAllowance(owner: string, kind: AllowanceKind, config: AllowanceConfig, now = Date.now()): Promise<Reserved> {
    await this.open(owner);
    return this.allowances.reserve(kind, config, now);
  }

  /** One given back to the period it was taken from (a failed reply or picture); false when that period is over. */
  async refundAllowance(owner: string, kind: AllowanceKind, resetAt: Date, size: number): Promise<boolean> {
    await this.open(owner);
    return this.allowances.refund(kind, resetAt, size);
  }

  /** Tests set up an allowance with this. */
  async putAllowance(owner: string, kind: AllowanceKind, state: AllowanceState) {
    await this.open(owner);
    this.allowances.put(kind, state);
  }

  /** One of MemoryTables' operations on what a character remembers of one of the owner's chats (models/memory.server.ts). */
  async chatMemory(owner: string, op: MemoryOp, args: unknown[]): Promise<unknown> {
    await this.open(owner);
    return runOp(this.memory, MEMORY_OPS, op, args);
  }

  /**
   * One of GroupTables' operations on the owner's group chats (models/groups.server.ts types each one).
   * One that changes a group is told to the pages open on it (their key is `group:<id>`).
   */
  async group(owner: string, op: GroupOp, args: unknown[]): Promise<unknown> {
    await this.open(owner);
    const result = runOp(this.groups, GROUP_OPS, op, args);
    const changed = op === "update" || op === "delete" || op === "appendTurn";
    const id = op === "appendTurn" ? (args[0] as { groupId: string }).groupId : (args[0] as string);
    if (changed && result) this.tell(groupChatKey(id), { type: "changed" });
    return result;
  }

  /** One of StoryTables' operations on the owner's stories (models/story.server.ts types each one). */
  async story(owner: string, op: StoryOp, args: unknown[]): Promise<unknown> {
    await this.open(owner);
    return runOp(this.stories, STORY_OPS, op, args);
  }

  /**
   * One of ChatTables' operations on the owner's chats (models/chat.server.ts types each one). One
   * that changes what a page shows is told to the pages open on that chat's character (decision 039).
   */
  async chat(owner: string, op: ChatOp, args: unknown[]): Promise<unknown> {
    if (!CHAT_OPS.includes(op)) throw new Error(`No such operation: ${op}`);
    await this.open(owner);
    const touched = CHANGES[op]?.(args);
    // Found before the operation runs: a deleted message no longer names its chat after it.
    const characterId = touched ? (touched.characterId ?? this.chats.characterOf(touched)) : null;
    const result = runOp(this.chats, CHAT_OPS, op, args);
    // A refusal ("only_greeting": the chat's last greeting stays) changed nothing.
    if (characterId && result !== null && result !== false && result !== "only_greeting") this.tell(characterId, { type: "changed" });
    return result;
  }

  /** An imported chat file (decision 046), made the chat on screen with the character; pages open on it show it. */
  async importChat(owner: string, character: CharacterSnapshot, title: string, file: ImportedChat): Promise<{ chatId: string }> {
    await this.open(owner);
    const imported = this.files.importChat(character, title, file);
    this.tell(character.id, { type: "changed" });
    return imported;
  }

  /** The branch on screen of the owner's chat with a character (or of one of their chats with it), for a file. */
  async exportChat(owner: string, characterId: string, chatId?: string): Promise<ExportedChat | null> {
    await this.open(owner);
    return this.files.exportBranch(characterId, chatId);
  }

  /**
   * A person's message and the character's reply to it, in one call (decisions 065 and 067): opens the
   * chat on screen with the character (a new one with its greetings when there is none yet), stores the
   * message and an empty reply after `parentId` (after the chat's leaf as it is now when undefined, so
   * two sends at once land one after the other), takes one message from the allowance when `allowance`
   * is given, completes the recipe with the chat's settings and memory, plans the reply from the branch
   * now in the chat, and writes it as `reply` does. A refusal stores nothing and takes nothing.
   */
  async send(
    owner: string,
    character: CharacterSnapshot,
    message: { parentId?: string | null; content: string },
    base: RecipeBase,
    allowance: AllowanceConfig | null,
    text: Config["text"],
    sessionId?: string,
  ): Promise<SendTaken | SendRefusal> {
    await this.open(owner);
    let exchange;
    try {
      exchange = this.ctx.storage.transactionSync(() => {
        const onScreen = this.chats.onScreen(character.id);
        const started = !onScreen;
        const chat = onScreen ?? this.chats.find(character.id, this.chats.create(character))!;
        const settings = this.db.select().from(chatSettings).where(eq(chatSettings.characterId, base.characterId)).get();
        const kept = { chatId: chat.id, settings, memory: this.memory.pins(chat.id), summaries: this.memory.summaries(chat.id), reservation: null };
        const recipe = completeRecipe(base, kept);
        const appended = this.chats.appendExchange({ chatId: chat.id, parentId: message.parentId, content: message.content, model: recipe.model });
        if (!appended) throw new Refused({ refused: "parent-gone" });
        if (!allowance) return { recipe, started, ...appended };
        // Decided in this step, with nothing awaited: parallel sends take the last message one at a time.
        const taken = this.allowances.reserve("message", allowance, Date.now());
        if (!taken.ok) throw new Refused({ refused: "allowance", resetAt: taken.resetAt });
        return { recipe: { ...recipe, reservation: { userId: owner, resetAt: taken.resetAt } }, started, ...appended };
      });
    } catch (error) {
      // Thrown inside the transaction, so what it stored before the allowance was found empty (the message, a new chat) is undone.
      if (error instanceof Refused) return error.refusal as SendRefusal;
      throw error;
    }
    this.tell(base.characterId, { type: "changed" });
    const { recipe, started, userMessage, replyId, branch } = exchange;
    try {
      const job = planReply(recipe, branch, userMessage.id, { replyId, userMessageId: userMessage.id, prefix: "" });
      return { stream: await this.reply(owner, { ...job, userId: owner }, text, sessionId), started };
    } catch (error) {
      // Nothing is writing the reply: it shows failed, for Retry, and its message is given back.
      if (this.chats.failReply(replyId, { status: "failed", error: CHAT_MESSAGES.replyFailed, content: "" })) this.tell(base.characterId, { type: "changed" });
      if (recipe.reservation) this.allowances.refund("message", recipe.reservation.resetAt, allowance!.size);
      throw error;
    }
  }

  /**
   * The step a Regenerate, a Retry or a Continue takes before its reply is written, decided in one
   * transaction (issue 58): one message taken from the allowance first (when `allowance` is given), then
   * the message checked as it is now and changed. A refusal undoes both, so parallel calls with one
   * message left give one reply and the rest "allowance"; a call another tab made stale gives "changed".
   */
  async beginReply(owner: string, step: ReplyStep, allowance: AllowanceConfig | null): Promise<ReplyBegun | StepRefusal> {
    await this.open(owner);
    let begun: ReplyBegun;
    try {
      begun = this.ctx.storage.transactionSync(() => {
        let reservation: ReplyBegun["reservation"] = null;
        if (allowance) {
          const taken = this.allowances.reserve("message", allowance, Date.now());
          if (!taken.ok) throw new Refused({ refused: "allowance", resetAt: taken.resetAt });
          reservation = { userId: owner, resetAt: taken.resetAt };
        }
        const target = this.chats.findMessage(step.messageId);
        if (!target || target.chatId !== step.chatId || target.role !== "character") throw new Refused({ refused: "changed" });
        let replyId = target.id;
        if (step.kind === "continue") {
          if (target.status !== "complete") throw new Refused({ refused: "changed" });
          this.chats.reopenForContinue(target.id);
        } else if (!target.parentId) {
          throw new Refused({ refused: "changed" });
        } else if (target.status === "failed" || (!this.writing.has(target.id) && isStale(target))) {
          this.chats.retryInPlace(step.chatId, target.id, step.model);
        } else {
          const added = this.chats.addSwipe(step.chatId, target.id, step.model);
          if (!added) throw new Refused({ refused: "changed" });
          replyId = added;
        }
        return { replyId, characterId: target.characterId, reservation };
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal as StepRefusal;
      throw error;
    }
    this.tell(begun.characterId, { type: "changed" });
    return begun;
  }

  /**
   * Writes a reply in this object (decision 040): the page that asked reads the returned stream of
   * server-sent events, every other open page hears its text as it is saved, and closing the tab
   * does not stop it. An alarm closes, for Retry, a reply whose writer died with the object.
   */
  async reply(owner: string, job: ReplyJob, text: Config["text"], sessionId?: string): Promise<ReadableStream<Uint8Array>> {
    await this.open(owner);
    // The model server the request chose (the page's model label names the same one).
    const config = { ...getConfig(this.env), text };
    const generator = textGenerator(config);
    // The page's stream: events are queued into it; the page going away (the stream cancelled) only
    // stops the sending, never the writing.
    let pageGone = false;
    let page!: ReadableStreamDefaultController<Uint8Array>;
    const readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        page = controller;
      },
      cancel: () => {
        pageGone = true;
        release();
      },
    });
    // The session that asked ending (sign-out, a ban, expiry) ends the page's stream; the reply is still written.
    const release = this.hold(sessionId, () => {
      if (pageGone) return;
      pageGone = true;
      try {
        page.close();
      } catch {
        // Already closed.
      }
    });
    // The pages to tell: those open on the chat with the character, or on the group (decision 051).
    const live = job.liveKey ?? job.characterId;
    const changed = () => this.tell(live, { type: "changed" });
    // The gate every sentence of the reply passes (issue 59), read as an answer to the person's last message.
    const screening = gate({ config, db: createDb(this.env.DB), env: this.env as { AI?: WorkersAi }, userId: owner, waitUntil: (p) => this.ctx.waitUntil(p) });
    const answering = [...job.prompt].reverse().find((m) => m.role === "user")?.content ?? "";
    const ports: ReplyPorts = {
      generator,
      saveProgress: (content) => {
        const saved = this.chats.saveProgress(job.replyId, content);
        if (saved) this.tell(live, { type: "progress", messageId: job.replyId, content });
        return saved;
      },
      completeReply: (content) => {
        if (!this.chats.completeReply(job.replyId, content)) return;
        this.tell(live, { type: "progress", messageId: job.replyId, content, done: true });
        changed();
      },
      failReply: (outcome) => {
        const marked = this.chats.failReply(job.replyId, outcome);
        if (marked) changed();
        return marked;
      },
      refund: async (reservation) => void this.allowances.refund("message", reservation.resetAt, config.allowance.size),
      record: (events) => recordActivity({ env: this.env, ctx: this.ctx }, events),
      afterReply: () =>
        this.ctx.waitUntil(
          writeSummary(this.memory, job, generator, config.text.provider, async (summary) => {
            const [verdict] = await screening.check([{ field: "memory.summary", text: summary, author: "model" }]);
            return verdict.ok;
          }),
        ),
      screen: async (window) => {
        const [verdict] = await screening.check([{ field: "reply", text: window, author: "model", context: answering }]);
        return verdict.ok ? { ok: true } : { ok: false, stop: verdict };
      },
      emit: (event, data) => {
        if (pageGone) return;
        try {
          page.enqueue(sseEvent(event, data));
        } catch {
          pageGone = true;
        }
      },
    };
    const key = `writing:${job.replyId}`;
    const record: Writing = {
      reservation: job.reservation && { userId: job.reservation.userId, resetAt: new Date(job.reservation.resetAt).toISOString() },
      prefix: job.prefix,
      characterId: live,
    };
    this.setMeta(key, JSON.stringify(record));
    this.writing.add(job.replyId);
    const alarm = await this.ctx.storage.getAlarm();
    // The alarm may be set for a socket's session expiry, days away: the stall check comes first.
    if (alarm === null || alarm > Date.now() + STALL_MS) await this.ctx.storage.setAlarm(Date.now() + STALL_MS);
    const done = writeReply(job, ports, generator.label).finally(() => {
      this.writing.delete(job.replyId);
      this.db.delete(meta).where(eq(meta.key, key)).run();
      release();
      if (pageGone) return;
      try {
        page.close();
      } catch {
        // The page went away meanwhile.
      }
    });
    this.ctx.waitUntil(done.catch((error) => logError("reply failed", error)));
    return readable;
  }

  /**
   * The backstop of replies being written: one recorded as being written that this instance is not
   * writing lost its writer (the object was evicted or restarted), so it is stored failed with
   * Retry (a Continue keeps its text) and its reservation is given back. Runs again while replies are
   * still being written.
   */
  async alarm() {
    if (!this.schemaReady) this.migrate();
    const config = getConfig(this.env);
    for (const row of this.db.select().from(meta).where(like(meta.key, "writing:%")).all()) {
      const replyId = row.key.slice("writing:".length);
      if (this.writing.has(replyId)) continue;
      const writing = JSON.parse(row.value) as Writing;
      const content = this.chats.findMessage(replyId)?.content ?? "";
      const outcome = writing.prefix
        ? { status: "complete" as const, error: null, content }
        : { status: "failed" as const, error: CHAT_MESSAGES.replyInterrupted, content };
      if (this.chats.failReply(replyId, outcome)) {
        this.tell(writing.characterId, { type: "changed" });
        if (writing.reservation) this.allowances.refund("message", new Date(writing.reservation.resetAt), config.allowance.size);
      }
      this.db.delete(meta).where(eq(meta.key, row.key)).run();
    }
    const nextExpiry = this.closeExpiredSockets(Date.now());
    const next = Math.min(this.writing.size ? Date.now() + STALL_MS : Infinity, nextExpiry ?? Infinity);
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next);
  }

  /**
   * Tells every open page what is left of the messages, once the change is over: a change can be made
   * inside a transaction that is then undone (a refused send), so the figure is read after it, when
   * the current turn's synchronous work is done, and one figure goes for any number of changes.
   */
  private allowanceChanged() {
    if (this.allowanceToTell) return;
    this.allowanceToTell = true;
    queueMicrotask(() => {
      this.allowanceToTell = false;
      const frame = this.allowanceFrame();
      if (frame) this.tellEveryPage(frame);
    });
  }

  /** What is left of the messages as a live event; null when there is no allowance in its period (the next send starts one). */
  private allowanceFrame(): LiveEvent | null {
    const left = this.allowances.peek("message", Date.now());
    return left && { type: "allowance", remaining: left.token, resetAt: left.resetAt.toISOString() };
  }

  /** Sends a frame to every page open on the character's chat; a socket that has gone is skipped. */
  private tell(characterId: string, event: LiveEvent) {
    this.broadcast(this.ctx.getWebSockets(characterId), event);
  }

  /** Sends a frame to every page the person has open, on any chat or group. */
  private tellEveryPage(event: LiveEvent) {
    this.broadcast(this.ctx.getWebSockets(), event);
  }

  private broadcast(sockets: WebSocket[], event: LiveEvent) {
    const frame = JSON.stringify(event);
    for (const socket of sockets) {
      try {
        socket.send(frame);
      } catch {
        // Closing or closed: its page reads the chat again when it reconnects.
      }
    }
  }

  /**
   * A page opening its live updates for one character's chat (the route checked who it is and
   * passes the owner and the character). Hibernatable: an idle socket costs no running object.
   */
  async fetch(request: Request): Promise<Response> {
    const owner = request.headers.get("X-Owner");
    const characterId = request.headers.get("X-Character-Id");
    const session = socketSession(request);
    if (!isWebSocketUpgrade(request) || !owner || !characterId || !session) return new Response(null, { status: 400 });
    await this.open(owner);
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) old.close(1013, "Too many open pages");
    const { 0: page, 1: socket } = new WebSocketPair();
    // Tagged with the session that opened it (issue 58): that session's end closes it.
    this.ctx.acceptWebSocket(socket, [characterId, sessionTag(session.id)]);
    socket.serializeAttachment(session satisfies SocketSession);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > session.expiresAt) await this.ctx.storage.setAlarm(session.expiresAt);
    // A page that opens (or opens again) its updates hears what is left at once: a change made while it was not listening is not lost.
    const left = this.allowanceFrame();
    if (left) socket.send(JSON.stringify(left));
    return new Response(null, { status: 101, webSocket: page });
  }

  /** Pages only listen: anything they send (beyond the keep-alive, answered above) is ignored. */
  webSocketMessage() {}

  webSocketClose(socket: WebSocket) {
    try {
      socket.close(1000, "Closed");
    } catch {
      // Already closed.
    }
  }

  /**
   * Sessions of the owner's ended (signed out, signed out elsewhere, banned, deleted): every socket and
   * stream they opened here closes now, with SESSION_ENDED, which tells the page not to open it again
   * (issue 58). `"all"` ends every one (a ban). Answers how many sockets closed.
   */
  async endSessions(owner: string, sessions: string[] | "all"): Promise<number> {
    await this.open(owner);
    const sockets = sessions === "all" ? this.ctx.getWebSockets() : [...new Set(sessions.flatMap((id) => this.ctx.getWebSockets(sessionTag(id))))];
    for (const socket of sockets) endSocket(socket, "Session ended");
    for (const [id, cuts] of this.held) {
      if (sessions !== "all" && !sessions.includes(id)) continue;
      for (const cut of cuts) cut();
      this.held.delete(id);
    }
    return sockets.length;
  }

  /**
   * A stream a session holds open through this object (a story turn's events), cut when that session
   * ends, as a reply's stream is (issue 58).
   */
  async relay(owner: string, sessionId: string, stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
    await this.open(owner);
    const reader = stream.getReader();
    let release = () => {};
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        release = this.hold(sessionId, () => {
          reader.cancel().catch(() => undefined);
          try {
            controller.close();
          } catch {
            // Already closed.
          }
        });
      },
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel: async (reason) => {
        release();
        await reader.cancel(reason).catch(() => undefined);
      },
    });
  }

  /** Records a stream's cut under the session that holds it; the returned function forgets it (the stream ended by itself). */
  private hold(sessionId: string | undefined, cut: () => void) {
    if (!sessionId) return () => {};
    const cuts = this.held.get(sessionId) ?? new Set();
    cuts.add(cut);
    this.held.set(sessionId, cuts);
    return () => {
      cuts.delete(cut);
      if (!cuts.size && this.held.get(sessionId) === cuts) this.held.delete(sessionId);
    };
  }

  /** Closes the sockets whose session has expired by `now`; answers when the next one expires (null: none open). */
  private closeExpiredSockets(now: number): number | null {
    let next: number | null = null;
    for (const socket of this.ctx.getWebSockets()) {
      const session = socket.deserializeAttachment() as SocketSession | null;
      // A socket opened before sockets were tagged knows no session: it is closed and opened again by its page.
      if (!session || session.expiresAt <= now) endSocket(socket, "Session ended");
      else next = Math.min(next ?? Infinity, session.expiresAt);
    }
    return next;
  }

  /** The account is being deleted: everything in this object goes. */
  async erase() {
    for (const socket of this.ctx.getWebSockets()) endSocket(socket, "Account deleted");
    for (const cuts of this.held.values()) for (const cut of cuts) cut();
    this.held.clear();
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
    this.openFor = null;
  }
}
