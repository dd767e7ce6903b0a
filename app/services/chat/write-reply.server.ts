/**
 * Writing one reply (decision 040): the model's text streamed out as `start`, `token`s, then `done` or
 * `error`, the text so far saved as it grows, and the reply stored whole (or failed, for Retry) at the
 * end. It runs inside the person's own object (user-store.server.ts), so closing the tab does not
 * stop it; the object hands it its tables, its sockets and the stream to the page as `ports`.
 */
import { censor } from "~/lib/safety/words";
import { SentenceGate } from "~/lib/safety/sentences";
import { LIMITS } from "~/spec/limits";
import { TextGenerationError, type TextGenerator } from "~/lib/providers/text/types";
import type { ReplyJob } from "~/user-store/replies";
import type { Reservation } from "~/user-store/allowances";
import type { ActivityEvent } from "~/models/activity-events.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import { logError } from "~/lib/log";
import type { REPLY_EVENTS, ReplyEventName } from "~/lib/chat/events";
import { continuationJoin, wellFormed } from "~/lib/chat/streaming-text";
import type * as z from "zod";

export type { ReplyJob };

type Outcome = { status: "failed" | "complete"; content: string; error: string | null };

/** What writing a reply needs from where it runs. */
export type ReplyPorts = {
  generator: TextGenerator;
  /** Saves the text so far; false once the reply has ended (Stop, a delete). */
  saveProgress: (content: string) => boolean;
  /** Tells the person's other pages (tabs, devices) the text so far, as soon as each sentence has passed the gate; stores nothing. */
  share?: (content: string) => void;
  /** Stores the whole reply, if it is still being written. */
  completeReply: (content: string) => void;
  /** Stores a failure (or, for Continue, what it has); true when the reply was still wanted. */
  failReply: (outcome: Outcome) => boolean;
  refund: (reservation: Reservation) => Promise<void>;
  record: (events: Omit<ActivityEvent, "at">[]) => void;
  /** After a reply is stored: updates the running summary in the background, never while the person waits. */
  afterReply?: () => void;
  /** One event to the page that asked for the reply (nothing once it has gone). */
  emit: <K extends ReplyEventName>(event: K, data: z.input<(typeof REPLY_EVENTS)[K]>) => void;
  /**
   * The safety gate's verdict on a window of the reply (the sentence just written and the end of what
   * was shown before it; issue 59): nothing reaches the page, other tabs or storage before it passes.
   */
  screen: (window: string) => Promise<{ ok: true } | { ok: false; stop: unknown }>;
};

/** What a finished reply adds to the day's figures: the person's message, and a reply written (Continue adds to one). */
const activityOf = (job: ReplyJob, failed: boolean): Omit<ActivityEvent, "at">[] => [
  ...(job.userMessageId ? [{ kind: "sent" as const, userId: job.userId, characterId: job.characterId }] : []),
  ...(job.prefix ? [] : [{ kind: "reply" as const, userId: job.userId, characterId: job.characterId }]),
  ...(failed ? [{ kind: "reply_failed" as const, userId: job.userId }] : []),
];

/**
 * How often the text so far is saved (so a reload or another device shows it; the issue asks for at
 * least every 2 s); the same call tells the writer when the person pressed Stop or deleted the reply.
 */
export const SAVE_EVERY_MS = 750;

/**
 * Writes the reply to its end. A failure marks the reply `failed` (with any partial text kept) and
 * gives back its reservation; a reply stopped or deleted meanwhile keeps its cost.
 */
export async function writeReply(job: ReplyJob, ports: ReplyPorts, label: string | null) {
  const abort = new AbortController();
  // What the model wrote (for the message limit); what is shown is only what the gate let through.
  let written = "";
  let cut = false;
  let ended = false;
  let lastSave = Date.now();
  // Sentence by sentence (issue 59): a sentence reaches no one until it has passed the screen with the
  // ones before it; one that fails stops the reply there, and nothing of it is sent or kept.
  const gate = new SentenceGate(ports.screen, (sentence) => {
    ports.emit("token", { text: sentence });
    if (ended) return;
    // Other tabs see each sentence as the writing tab does (issue 61), not only at each save.
    ports.share?.(censor(job.prefix + gate.shown));
    if (Date.now() - lastSave <= SAVE_EVERY_MS) return;
    lastSave = Date.now();
    // The same call tells the writer when the person pressed Stop or deleted the reply.
    if (!ports.saveProgress(censor(job.prefix + gate.shown))) {
      ended = true;
      abort.abort();
    }
  });
  // In a group, who is answering (a call speaks it in their voice, issue 63).
  ports.emit("start", {
    userMessageId: job.userMessageId,
    messageId: job.replyId,
    model: job.model,
    label,
    ...(job.liveKey ? { speakerId: job.characterId } : {}),
  });
  try {
    for await (const raw of ports.generator.stream({
      model: job.model,
      messages: job.prompt,
      maxTokens: job.maxTokens,
      character: job.character,
      // A continuation reads on from a different point, so it gets a seed of its own.
      seed: `${job.replyId}:${job.prefix.length}`,
      signal: abort.signal,
    })) {
      if (gate.stopped || ended) {
        abort.abort();
        break;
      }
      // Continue's first words join the message with one space (none before punctuation), never two.
      // Leading blank pieces wait for the first words; blank pieces later (spaces, line breaks) are kept.
      const piece = written ? raw : continuationJoin(job.prefix, raw);
      if (!written && !piece.trim()) continue;
      // A message stops at the message limit, Continue included.
      const room = LIMITS.messageMax - job.prefix.length - written.length;
      const kept = piece.slice(0, Math.max(0, room));
      written += kept;
      gate.push(kept);
      if (kept.length < piece.length) {
        cut = true;
        abort.abort();
        break;
      }
    }
    await gate.finish();
    if (gate.stopped) throw new Withheld();
    // A reply cut at the message limit is stored well formed, as Stop stores one.
    const whole = censor(job.prefix + gate.shown).trim();
    const content = cut ? wellFormed(whole) : whole;
    if (!content) throw new TextGenerationError(CHAT_MESSAGES.emptyReply);
    // Only a reply still streaming is completed here: Stop may already have saved what was shown.
    ports.completeReply(content);
    ports.record(activityOf(job, false));
    ports.emit("done", { userMessageId: job.userMessageId, messageId: job.replyId, content });
    ports.afterReply?.();
  } catch (error) {
    abort.abort();
    const withheld = error instanceof Withheld;
    const message = withheld ? CHAT_MESSAGES.replyWithheld : error instanceof TextGenerationError ? error.message : CHAT_MESSAGES.replyFailed;
    if (!withheld && !(error instanceof TextGenerationError)) logError("reply generation failed", error);
    // A failed Continue leaves the message as it was (with what passed); a failed reply is marked for Retry,
    // keeping what was shown. What the gate held back is kept nowhere.
    const marked = ports.failReply(failedOutcome(job, censor(gate.shown).trimEnd(), message));
    // Only a reply that failed while still wanted is given back; one stopped or deleted keeps its cost.
    if (marked && job.reservation) await ports.refund(job.reservation).catch((e) => logError("refund failed", e));
    ports.record(activityOf(job, marked && !job.prefix));
    ports.emit("error", { error: message, messageId: job.replyId, userMessageId: job.userMessageId });
  }
}

/** A reply the safety gate stopped: the sentence that failed and what follows are never sent. */
class Withheld extends Error {}

/** How a reply that could not finish is stored: a Continue keeps its text as it was (plus what came), a reply is failed for Retry. */
export const failedOutcome = (job: Pick<ReplyJob, "prefix">, text: string, error: string): Outcome =>
  job.prefix ? { status: "complete", error: null, content: (job.prefix + text).trim() } : { status: "failed", error, content: text };
