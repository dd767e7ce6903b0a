/**
 * Writing one reply (decision 040): the model's text streamed out as `start`, `token`s, then `done` or
 * `error`, the text so far saved as it grows, and the reply stored whole (or failed, for Retry) at the
 * end. It runs inside the person's own object (user-store.server.ts), so closing the tab does not
 * stop it; the object hands it its tables, its sockets and the stream to the page as `ports`.
 */
import { censor, findMinorReference } from "~/lib/safety";
import { LIMITS } from "~/spec/limits";
import { TextGenerationError, type CharacterHints, type PromptMessage, type TextGenerator } from "~/lib/providers/text/types";
import type { Reservation } from "~/models/allowance.server";
import type { ActivityEvent } from "~/jobs/activity-events.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import type { ChatModelName } from "~/spec/models";
import { logError } from "~/lib/log";
import type { REPLY_EVENTS, ReplyEventName } from "./events";
import { continuationJoin, wellFormed } from "./streaming-text";
import type { SummaryJob } from "./summary";
import type * as z from "zod";

export type ReplyJob = {
  /** Whose chat it is (the daily figures count them active). */
  userId: string;
  /** The character the chat is with: its creator's hub counts the messages. */
  characterId: string;
  chatId: string;
  /** The pages to tell of its progress: the character's chat by default, `group:<id>` in a group (decision 051). */
  liveKey?: string;
  /** The character message being written (already stored with status `streaming`). */
  replyId: string;
  userMessageId: string | null;
  /** For Continue: the text already there, which the new text is appended to (continuationJoin). */
  prefix: string;
  prompt: PromptMessage[];
  model: ChatModelName;
  maxTokens: number;
  character: CharacterHints;
  /** The message reserved from the allowance (users without a subscription); refunded if the reply fails. */
  reservation: Reservation | null;
  /** Older messages to fold into the chat's running summary once the reply is stored (decision 045); null when all fit. */
  summarize?: SummaryJob | null;
};

type Outcome = { status: "failed" | "complete"; content: string; error: string | null };

/** What writing a reply needs from where it runs. */
export type ReplyPorts = {
  generator: TextGenerator;
  /** Saves the text so far; false once the reply has ended (Stop, a delete). */
  saveProgress: (content: string) => boolean;
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
  let text = "";
  let withheld = false;
  let cut = false;
  let lastSave = Date.now();
  ports.emit("start", { userMessageId: job.userMessageId, messageId: job.replyId, model: job.model, label });
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
      // Continue's first words join the message with one space (none before punctuation), never two.
      // Leading blank pieces wait for the first words; blank pieces later (spaces, line breaks) are kept.
      const piece = text ? raw : continuationJoin(job.prefix, raw);
      if (!text && !piece.trim()) continue;
      // What the model writes passes the safety module before anyone sees it: a reply that refers to
      // minors stops there and is not shown as written (decision 026).
      // The patterns are a few words long: the end of the text and the new piece are enough to look at.
      if (findMinorReference((job.prefix + text).slice(-80) + piece)) {
        withheld = true;
        abort.abort();
        break;
      }
      // A message stops at the message limit, Continue included.
      const room = LIMITS.messageMax - job.prefix.length - text.length;
      const kept = piece.slice(0, Math.max(0, room));
      text += kept;
      if (kept) ports.emit("token", { text: kept });
      if (kept.length < piece.length) {
        cut = true;
        abort.abort();
        break;
      }
      if (Date.now() - lastSave > SAVE_EVERY_MS) {
        lastSave = Date.now();
        if (!ports.saveProgress(censor(job.prefix + text))) {
          abort.abort();
          break;
        }
      }
    }
    if (withheld) throw new TextGenerationError(CHAT_MESSAGES.replyWithheld);
    // A reply cut at the message limit is stored well formed, as Stop stores one.
    const whole = censor(job.prefix + text).trim();
    const content = cut ? wellFormed(whole) : whole;
    if (!content) throw new TextGenerationError(CHAT_MESSAGES.emptyReply);
    // Only a reply still streaming is completed here: Stop may already have saved what was shown.
    ports.completeReply(content);
    ports.record(activityOf(job, false));
    ports.emit("done", { userMessageId: job.userMessageId, messageId: job.replyId, content });
    ports.afterReply?.();
  } catch (error) {
    const message = error instanceof TextGenerationError ? error.message : CHAT_MESSAGES.replyFailed;
    if (!(error instanceof TextGenerationError)) logError("reply generation failed", error);
    // A failed Continue leaves the message as it was (with any new text); a failed reply is marked for Retry.
    // Withheld text is kept nowhere: a Continue keeps what the message had, a reply keeps nothing.
    const marked = ports.failReply(failedOutcome(job, withheld ? "" : text, message));
    // Only a reply that failed while still wanted is given back; one stopped or deleted keeps its cost.
    if (marked && job.reservation) await ports.refund(job.reservation).catch((e) => logError("refund failed", e));
    ports.record(activityOf(job, marked && !job.prefix));
    ports.emit("error", { error: message, messageId: job.replyId, userMessageId: job.userMessageId });
  }
}

/** How a reply that could not finish is stored: a Continue keeps its text as it was (plus what came), a reply is failed for Retry. */
export const failedOutcome = (job: Pick<ReplyJob, "prefix">, text: string, error: string): Outcome =>
  job.prefix ? { status: "complete", error: null, content: (job.prefix + text).trim() } : { status: "failed", error, content: text };
