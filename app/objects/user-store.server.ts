/**
 * One SQLite-backed Durable Object per user (decisions 027, 029 and 030), named by `idFromName(userId)`:
 * what is theirs and conversational (chat settings, chats, stories, groups, memory, allowances) lives
 * in its own SQLite, so it grows with the number of users rather than filling the one D1 database.
 * Routes never call it: the models do, through `userStore()`.
 *
 * This file is its RPC surface (issue 60). Every call names the owner; the first call records it and a
 * call for anyone else is refused. The areas are typed doors (`chats(owner)`, `stories(owner)`,
 * `groups(owner)`, `memory(owner)`, app/user-store/doors.ts); replies are written by the reply runtime
 * and pages are told through the socket hub, each in its own file. Nothing here seeds rows: seeds and
 * test fixtures reach storage through a Worker that exists only for them (decision 086).
 */
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import type { ReplyJob } from "~/services/chat/write-reply.server";
import { getConfig, type Config } from "~/lib/config.server";
import { logError } from "~/lib/log";
import { embedderFor } from "~/lib/providers/embeddings/index.server";
import type { AllowanceConfig } from "~/user-store/allowances";
import type { ChatRead } from "~/user-store/chats";
import { AllowancesDoor, CallsDoor, ChatsDoor, GroupsDoor, MemoryDoor, SettingsDoor, StoriesDoor } from "~/user-store/doors";
import { meta } from "~/user-store/schema";
import { migrate as migrateStore, openStore, readChatView, type ChatView, type StoreTables } from "~/user-store/store";
import type { ReplyBegun, ReplyStep, SendInput, SendRefusal, SendTaken, StepRefusal } from "~/user-store/replies";
import { ReplyRuntime, STALL_MS } from "./reply-runtime.server";
import { SocketHub } from "./socket-hub";

/** A branch longer than this is walked for recall when its chat opens (shorter ones are walked in a few milliseconds on a send). */
const WARM_BRANCH = 2_000;

export class UserStore extends DurableObject<Env> {
  protected readonly db: DrizzleSqliteDODatabase;
  protected readonly tables: StoreTables;
  private readonly hub: SocketHub;
  private readonly replies: ReplyRuntime;
  private schemaReady = false;
  /** The owner this instance has checked, so later calls skip the check. */
  private openFor: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const embeddings = () => {
      const config = getConfig(env);
      return { embedder: embedderFor(config), minSimilarity: config.embeddings.minSimilarity };
    };
    // Every page the person has open shows what is left of their messages (any chat or group uses them).
    const { db, tables } = openStore(ctx.storage, embeddings, () => this.hub.greetingChanged());
    this.db = db;
    this.tables = tables;
    // What is left of the messages: the first frame a page hears, and every page hears when it changes.
    this.hub = new SocketHub(ctx, () => {
      const left = tables.allowances.peek("message", Date.now());
      return left && { type: "allowance", remaining: left.token, resetAt: left.resetAt.toISOString() };
    });
    this.replies = new ReplyRuntime(ctx, env, this.db, this.tables, this.hub);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
    // A page's keep-alive is answered without waking the object (WebSocket hibernation).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private migrate() {
    migrateStore(this.ctx.storage);
    this.schemaReady = true;
  }

  /**
   * Checks that `owner` owns this object, recording it the first time. Async though it awaits
   * nothing: a refusal then reaches the caller as a rejected promise (thrown synchronously inside an
   * RPC method, workerd also reported it as an unhandled rejection).
   */
  protected async open(owner: string) {
    if (this.openFor === owner) return;
    if (!this.schemaReady) this.migrate();
    const recorded = this.db.select({ value: meta.value }).from(meta).where(eq(meta.key, "owner")).get()?.value;
    if (recorded && recorded !== owner) throw new Error("This store belongs to another user.");
    if (!recorded) this.db.insert(meta).values({ key: "owner", value: owner }).run();
    this.openFor = owner;
  }

  /** Tells the pages open on a chat (a character's id, or `group:<id>`) that it changed; what it stored is embedded soon (decision 089). */
  private readonly changed = (key: string) => {
    this.hub.tell(key, { type: "changed" });
    this.ctx.waitUntil(this.tables.memory.vectors.soon().catch((error) => logError("recall: embedding not scheduled", error)));
  };

  /** The owner's chats; each change is told to the pages open on that chat. */
  async chats(owner: string) {
    await this.open(owner);
    return new ChatsDoor(this.tables.chats, this.tables.files, this.changed);
  }

  /** The owner's stories. */
  async stories(owner: string) {
    await this.open(owner);
    return new StoriesDoor(this.tables.stories);
  }

  /** The owner's group chats; each change is told to the pages open on that group. */
  async groups(owner: string) {
    await this.open(owner);
    return new GroupsDoor(this.tables.groups, this.changed);
  }

  /** The owner's settings for each character's chat. */
  async settings(owner: string) {
    await this.open(owner);
    return new SettingsDoor(this.tables.settings);
  }

  /** The owner's message and picture allowances. */
  async allowances(owner: string) {
    await this.open(owner);
    return new AllowancesDoor(this.tables.allowances);
  }

  /** The owner's voice calls (issue 63). */
  async calls(owner: string) {
    await this.open(owner);
    return new CallsDoor(this.tables.calls);
  }

  /** What characters remember of the owner's chats (pins and summaries). */
  async memory(owner: string) {
    await this.open(owner);
    return new MemoryDoor(this.tables.memory);
  }

  /** What a chat page (or a send) needs of the object, in one call (readChatView). */
  async chatView(owner: string, characterId: string, options: ChatRead & { chat: boolean; allowance?: AllowanceConfig | null }): Promise<ChatView> {
    await this.open(owner);
    const view = readChatView(this.ctx.storage, this.tables, characterId, options);
    // A long chat opened on a page: recall's walk of its branch is done now, after the answer, while
    // the person reads (decision 088), not on their first send.
    const leaf = view.opened?.chat.leafMessageId;
    if (view.opened && leaf && (view.opened.branchLength ?? 0) > WARM_BRANCH) setTimeout(() => this.tables.memory.recall.warm(view.opened!.chat.id, leaf), 0);
    return view;
  }

  /** A person's message and the character's reply to it, in one call (decisions 065 and 067; ReplyRuntime.send). */
  async send(owner: string, input: SendInput): Promise<SendTaken | SendRefusal> {
    await this.open(owner);
    return await this.replies.send(owner, input);
  }

  /** The step a Regenerate, a Retry or a Continue takes before its reply is written (issue 58; ReplyRuntime.begin). */
  async beginReply(owner: string, step: ReplyStep, allowance: AllowanceConfig | null): Promise<ReplyBegun | StepRefusal> {
    await this.open(owner);
    return this.replies.begin(owner, step, allowance);
  }

  /** Writes a reply in this object (decision 040); the stream of its events for the page that asked. */
  async reply(owner: string, job: ReplyJob, text: Config["text"], sessionId?: string): Promise<ReadableStream<Uint8Array>> {
    await this.open(owner);
    return await this.replies.write(owner, job, text, sessionId);
  }

  /** "Summarise now" (issue 62; ReplyRuntime.summarize). */
  async summarize(owner: string, job: ReplyJob, text: Config["text"]): Promise<boolean> {
    await this.open(owner);
    return await this.replies.summarize(owner, job, text);
  }

  /**
   * Closes replies whose writer died and sockets whose session expired, and embeds messages waiting
   * for a vector (decision 089); runs again while any of them is pending.
   */
  async alarm() {
    if (!this.schemaReady) this.migrate();
    this.replies.closeStalled();
    const nextExpiry = this.hub.closeExpired(Date.now());
    const nextEmbedding = await this.tables.memory.vectors.drain().catch((error) => {
      logError("recall: embedding failed", error);
      return null;
    });
    const next = Math.min(this.replies.busy ? Date.now() + STALL_MS : Infinity, nextExpiry ?? Infinity, nextEmbedding ?? Infinity);
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next);
  }

  /** A page opening its live updates for one chat (the Worker checked who it is). Hibernatable: an idle socket costs no running object. */
  async fetch(request: Request): Promise<Response> {
    const owner = request.headers.get("X-Owner");
    if (!owner) return new Response(null, { status: 400 });
    await this.open(owner);
    return await this.hub.accept(request, request.headers.get("X-Character-Id"));
  }

  /** Pages only listen: anything they send (beyond the keep-alive, answered without waking the object) is ignored. */
  webSocketMessage() {}

  webSocketClose(socket: WebSocket) {
    try {
      socket.close(1000, "Closed");
    } catch {
      // Already closed.
    }
  }

  /** Sessions of the owner's ended: every socket and stream they opened here closes now, with SESSION_ENDED (issue 58). */
  async endSessions(owner: string, sessions: string[] | "all"): Promise<number> {
    await this.open(owner);
    return this.hub.endSessions(sessions);
  }

  /** A stream a session holds open through this object (a story turn's events), cut when that session ends (issue 58). */
  async relay(owner: string, sessionId: string, stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
    await this.open(owner);
    return this.hub.relay(sessionId, stream);
  }

  /** The account is being deleted: everything in this object goes. */
  async erase() {
    this.hub.endAll("Account deleted");
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
    this.openFor = null;
  }
}
