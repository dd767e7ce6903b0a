/**
 * Replies written inside the person's object (decisions 040, 065 and 067, issue 58): a send or a
 * Regenerate/Continue step decided in one transaction with the allowance, the reply written here so
 * closing the tab does not stop it, every open page told as it is saved, and a backstop that closes a
 * reply whose writer died with the object.
 */
import { eq, like, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createDb } from "~/db/client.server";
import { sseEvent } from "~/lib/chat/events";
import { completeRecipe, planReply, prepareReply } from "~/user-store/reply-plan";
import { writeReply, type ReplyJob, type ReplyPorts } from "~/services/chat/write-reply.server";
import { getConfig, type Config } from "~/lib/config.server";
import { logError } from "~/lib/log";
import type { WorkersAi } from "~/lib/providers/moderation/workers-ai.server";
import { textGenerator } from "~/lib/providers/text/index.server";
import { recordActivity } from "~/models/activity-events.server";
import { gate } from "~/services/safety/safety-gate.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import type { AllowanceConfig, AllowanceTables } from "~/user-store/allowances";
import { isStale } from "~/user-store/chat-tree";
import type { ChatTables } from "~/user-store/chats";
import type { MemoryTables } from "~/user-store/memory";
import type { ReplyBegun, ReplyStep, SendInput, SendRefusal, SendTaken, StepRefusal } from "~/user-store/replies";
import { meta } from "~/user-store/schema";
import type { SettingsTables } from "~/user-store/settings";
import type { SocketHub } from "./socket-hub";
import { writeSummary } from "./summarize";

/** A reply that has not been saved for this long, and is not being written here, stopped (the object was evicted mid-reply). */
export const STALL_MS = 60_000;

/** Thrown inside a send's transaction, so that what it stored is undone, and answered as the refusal. */
class Refused extends Error {
  constructor(readonly refusal: SendRefusal | StepRefusal) {
    super(refusal.refused);
  }
}

/** What the object keeps of a reply being written, so the alarm can close it if its writer dies. */
type Writing = { reservation: { userId: string; resetAt: string } | null; prefix: string; characterId: string };

type Tables = { chats: ChatTables; memory: MemoryTables; allowances: AllowanceTables; settings: SettingsTables };

export class ReplyRuntime {
  /** The replies this instance is writing now; one recorded as being written but not here has stopped. */
  private readonly writing = new Set<string>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly db: DrizzleSqliteDODatabase,
    private readonly tables: Tables,
    private readonly hub: SocketHub,
  ) {}

  /** Whether a reply is being written now. */
  get busy() {
    return this.writing.size > 0;
  }

  private changed(key: string) {
    this.hub.tell(key, { type: "changed" });
  }

  /**
   * A person's message and the character's reply to it, in one call: opens the chat on screen with
   * the character (a new one with its greetings when there is none yet), stores the message and an
   * empty reply after `parentId` (after the chat's leaf as it is now when undefined, so two sends at
   * once land one after the other), takes one message from the allowance when `allowance` is given,
   * completes the recipe with the chat's settings and memory, plans the reply from the branch now in
   * the chat, and writes it. A refusal stores nothing and takes nothing.
   */
  async send(owner: string, { character, message, base, allowance, text, sessionId }: SendInput): Promise<SendTaken | SendRefusal> {
    const { chats, memory, allowances } = this.tables;
    let exchange;
    try {
      exchange = this.ctx.storage.transactionSync(() => {
        const onScreen = chats.onScreen(character.id);
        const started = !onScreen;
        const chat = onScreen ?? chats.find(character.id, chats.create(character))!;
        const settings = this.tables.settings.get(base.characterId) ?? undefined;
        const kept = { chatId: chat.id, settings, memory: memory.pins(chat.id), summaries: memory.summaries(chat.id), reservation: null };
        const recipe = completeRecipe(base, kept);
        const appended = chats.appendExchange({ chatId: chat.id, parentId: message.parentId, content: message.content, model: recipe.model });
        if (!appended) throw new Refused({ refused: "parent-gone" });
        if (!allowance) return { recipe, started, ...appended };
        // Decided in this step, with nothing awaited: parallel sends take the last message one at a time.
        const taken = allowances.reserve("message", allowance, Date.now());
        if (!taken.ok) throw new Refused({ refused: "allowance", resetAt: taken.resetAt });
        return { recipe: { ...recipe, reservation: { userId: owner, resetAt: taken.resetAt } }, started, ...appended };
      });
    } catch (error) {
      // Thrown inside the transaction, so what it stored before the allowance was found empty (the message, a new chat) is undone.
      if (error instanceof Refused) return error.refusal as SendRefusal;
      throw error;
    }
    this.changed(base.characterId);
    const { recipe, started, userMessage, replyId, branch } = exchange;
    // The message's vector for hybrid recall (decision 089), asked for once it is stored: the reply's recall looks for its meaning.
    const early = memory.vectors.embedNow(message.content);
    try {
      // Older moments the last turns call up (issue 62), found in this object's index before the prompt is planned.
      const parts = prepareReply(recipe, branch, userMessage.id);
      const query = parts.ask ? await memory.vectors.queryVector(parts.ask.query, early) : null;
      const moments = parts.ask ? memory.recall.search(recipe.chatId, userMessage.id, parts.ask, query) : [];
      if (!parts.ask && early) void early.then((vector) => vector && memory.vectors.keepFor(userMessage.id, message.content, vector));
      const job = planReply(recipe, parts, { replyId, userMessageId: userMessage.id, prefix: "" }, moments);
      return { stream: await this.write(owner, { ...job, userId: owner }, text, sessionId), started };
    } catch (error) {
      // Nothing is writing the reply: it shows failed, for Retry, and its message is given back.
      if (chats.failReply(replyId, { status: "failed", error: CHAT_MESSAGES.replyFailed, content: "" })) this.changed(base.characterId);
      if (recipe.reservation) allowances.refund("message", recipe.reservation.resetAt, allowance!.size);
      throw error;
    }
  }

  /**
   * The step a Regenerate, a Retry or a Continue takes before its reply is written, decided in one
   * transaction (issue 58): one message taken from the allowance first (when `allowance` is given), then
   * the message checked as it is now and changed. A refusal undoes both, so parallel calls with one
   * message left give one reply and the rest "allowance"; a call another tab made stale gives "changed".
   */
  begin(owner: string, step: ReplyStep, allowance: AllowanceConfig | null): ReplyBegun | StepRefusal {
    const { chats, allowances } = this.tables;
    let begun: ReplyBegun;
    try {
      begun = this.ctx.storage.transactionSync(() => {
        let reservation: ReplyBegun["reservation"] = null;
        if (allowance) {
          const taken = allowances.reserve("message", allowance, Date.now());
          if (!taken.ok) throw new Refused({ refused: "allowance", resetAt: taken.resetAt });
          reservation = { userId: owner, resetAt: taken.resetAt };
        }
        const target = chats.findMessage(step.messageId);
        if (!target || target.chatId !== step.chatId || target.role !== "character") throw new Refused({ refused: "changed" });
        let replyId = target.id;
        if (step.kind === "continue") {
          if (target.status !== "complete") throw new Refused({ refused: "changed" });
          chats.reopenForContinue(target.id);
        } else if (!target.parentId) {
          throw new Refused({ refused: "changed" });
        } else if (target.status === "failed" || (!this.writing.has(target.id) && isStale(target))) {
          chats.retryInPlace(step.chatId, target.id, step.model);
        } else {
          const added = chats.addSwipe(step.chatId, target.id, step.model);
          if (!added) throw new Refused({ refused: "changed" });
          replyId = added;
        }
        return { replyId, characterId: target.characterId, reservation };
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal as StepRefusal;
      throw error;
    }
    this.changed(begun.characterId);
    return begun;
  }

  /** "Summarise now" (issue 62): the running summary brought up to `job.summarize`'s point, awaited; whether one is there now. */
  async summarize(owner: string, job: ReplyJob, text: Config["text"]) {
    const config = { ...getConfig(this.env), text };
    const screening = gate({ config, db: createDb(this.env.DB), env: this.env as { AI?: WorkersAi }, userId: owner, waitUntil: (p) => this.ctx.waitUntil(p) });
    return await writeSummary(this.tables.memory, job, textGenerator(config), config.text.provider, async (summary) => {
      const [verdict] = await screening.check([{ field: "memory.summary", text: summary, author: "model" }]);
      return verdict.ok;
    });
  }

  /**
   * Writes a reply (decision 040): the page that asked reads the returned stream of server-sent
   * events, every other open page hears its text as it is saved, and closing the tab does not stop it.
   */
  async write(owner: string, job: ReplyJob, text: Config["text"], sessionId?: string): Promise<ReadableStream<Uint8Array>> {
    const { chats, memory, allowances } = this.tables;
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
    const release = this.hub.hold(sessionId, () => {
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
    // The gate every sentence of the reply passes (issue 59), read as an answer to the person's last message.
    const screening = gate({ config, db: createDb(this.env.DB), env: this.env as { AI?: WorkersAi }, userId: owner, waitUntil: (p) => this.ctx.waitUntil(p) });
    const answering = [...job.prompt].reverse().find((m) => m.role === "user")?.content ?? "";
    const ports: ReplyPorts = {
      generator,
      saveProgress: (content) => chats.saveProgress(job.replyId, content),
      share: (content) => this.hub.tell(live, { type: "progress", messageId: job.replyId, content }),
      completeReply: (content) => {
        if (!chats.completeReply(job.replyId, content)) return;
        this.hub.tell(live, { type: "progress", messageId: job.replyId, content, done: true });
        this.changed(live);
      },
      failReply: (outcome) => {
        const marked = chats.failReply(job.replyId, outcome);
        if (marked) this.changed(live);
        return marked;
      },
      refund: async (reservation) => void allowances.refund("message", reservation.resetAt, config.allowance.size),
      record: (events) => recordActivity({ env: this.env, ctx: this.ctx }, events),
      afterReply: () =>
        this.ctx.waitUntil(
          writeSummary(memory, job, generator, config.text.provider, async (summary) => {
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
    this.db
      .insert(meta)
      .values({ key, value: JSON.stringify(record) })
      .onConflictDoUpdate({ target: meta.key, set: { value: sql`excluded.value` } })
      .run();
    if (job.used) chats.recordUsed(job.replyId, job.used);
    this.writing.add(job.replyId);
    const alarm = await this.ctx.storage.getAlarm();
    // The alarm may be set for a socket's session expiry, days away: the stall check comes first.
    if (alarm === null || alarm > Date.now() + STALL_MS) await this.ctx.storage.setAlarm(Date.now() + STALL_MS);
    const done = writeReply(job, ports, generator.label).finally(() => {
      this.writing.delete(job.replyId);
      this.db.delete(meta).where(eq(meta.key, key)).run();
      release();
      // The reply (and what was stored with it) is embedded in the background (decision 089).
      this.ctx.waitUntil(memory.vectors.soon().catch((error) => logError("recall: embedding not scheduled", error)));
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
   * writing lost its writer (the object was evicted or restarted), so it is stored failed with Retry
   * (a Continue keeps its text) and its reservation is given back.
   */
  closeStalled() {
    const { chats, allowances } = this.tables;
    const config = getConfig(this.env);
    for (const row of this.db.select().from(meta).where(like(meta.key, "writing:%")).all()) {
      const replyId = row.key.slice("writing:".length);
      if (this.writing.has(replyId)) continue;
      const writing = JSON.parse(row.value) as Writing;
      const content = chats.findMessage(replyId)?.content ?? "";
      const outcome = writing.prefix
        ? { status: "complete" as const, error: null, content }
        : { status: "failed" as const, error: CHAT_MESSAGES.replyInterrupted, content };
      if (chats.failReply(replyId, outcome)) {
        this.changed(writing.characterId);
        if (writing.reservation) allowances.refund("message", new Date(writing.reservation.resetAt), config.allowance.size);
      }
      this.db.delete(meta).where(eq(meta.key, row.key)).run();
    }
  }
}
