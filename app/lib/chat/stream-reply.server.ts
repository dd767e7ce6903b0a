import type { AppLoadContext } from "@remix-run/cloudflare";
import { censor, findMinorReference } from "~/lib/safety";
import { LIMITS } from "~/spec/limits";
import { textGenerator } from "~/lib/providers/text/index.server";
import { TextGenerationError, type CharacterHints, type PromptMessage } from "~/lib/providers/text/types";
import { refundMessage, type Reservation } from "~/models/allowance.server";
import { completeReply, failReply, saveProgress, type ChatOwner } from "~/models/chat.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import { sseEvent } from "./events";
import { continuationJoin, wellFormed } from "./streaming-text";
import type { ChatModelName } from "~/spec/models";
import { logError } from "~/lib/log";
import { recordActivity, type ActivityEvent } from "~/jobs/activity-events.server";

export type ReplyJob = {
  /** Whose chat it is (the daily figures count them active). */
  owner: ChatOwner;
  /** The character the chat is with: its creator's hub counts the messages. */
  characterId: string;
  chatId: string;
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
};

/** What a finished reply adds to the day's figures: the person's message, and a reply written (Continue adds to one). */
const activityOf = (job: ReplyJob, failed: boolean): Omit<ActivityEvent, "at">[] => [
  ...(job.userMessageId ? [{ kind: "sent" as const, userId: job.owner.userId, characterId: job.characterId }] : []),
  ...(job.prefix ? [] : [{ kind: "reply" as const, userId: job.owner.userId, characterId: job.characterId }]),
  ...(failed ? [{ kind: "reply_failed" as const, userId: job.owner.userId }] : []),
];

/**
 * How often the text so far is saved (so a reload or another device shows it; the issue asks for at
 * least every 2 s); the same call tells the writer when the person pressed Stop or deleted the reply.
 */
const SAVE_EVERY_MS = 750;

/**
 * Streams a reply as `text/event-stream`: `start` (the ids), `token` events as text arrives, then
 * `done` or `error`. Generation runs under `waitUntil`, so the reply is stored even if the browser
 * goes away; a failure marks the reply `failed` (with any partial text kept) and refunds its reservation.
 */
export function streamReply(context: AppLoadContext, job: ReplyJob): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let clientGone = false;
  const send = (chunk: Uint8Array) => {
    if (clientGone) return;
    writer.write(chunk).catch(() => {
      clientGone = true;
    });
  };
  const generator = textGenerator(context.config);
  const abort = new AbortController();

  async function run() {
    let text = "";
    let withheld = false;
    let cut = false;
    let lastSave = Date.now();
    send(sseEvent("start", { userMessageId: job.userMessageId, messageId: job.replyId, model: job.model, label: generator.label }));
    try {
      for await (const raw of generator.stream({
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
        if (kept) send(sseEvent("token", { text: kept }));
        if (kept.length < piece.length) {
          cut = true;
          abort.abort();
          break;
        }
        if (Date.now() - lastSave > SAVE_EVERY_MS) {
          lastSave = Date.now();
          if (!(await saveProgress(job.owner, job.replyId, censor(job.prefix + text)))) {
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
      await completeReply(job.owner, job.replyId, content);
      recordActivity(context, activityOf(job, false));
      send(sseEvent("done", { userMessageId: job.userMessageId, messageId: job.replyId, content }));
    } catch (error) {
      const message = error instanceof TextGenerationError ? error.message : CHAT_MESSAGES.replyFailed;
      if (!(error instanceof TextGenerationError)) logError("reply generation failed", error);
      // A failed Continue leaves the message as it was (with any new text); a failed reply is marked for Retry.
      // Withheld text is kept nowhere: a Continue keeps what the message had, a reply keeps nothing.
      const failed = job.prefix
        ? { status: "complete" as const, error: null, content: (job.prefix + (withheld ? "" : text)).trim() }
        : { status: "failed" as const, error: message, content: withheld ? "" : text };
      const marked = await failReply(job.owner, job.replyId, failed);
      // Only a reply that failed while still wanted is given back; one stopped or deleted keeps its cost.
      if (marked && job.reservation) await refundMessage(context.db, job.reservation, context.config.allowance);
      recordActivity(context, activityOf(job, marked && !job.prefix));
      send(sseEvent("error", { error: message, messageId: job.replyId, userMessageId: job.userMessageId }));
    } finally {
      // Never awaited: when the browser has gone, closing may not settle, and nothing waits on it.
      if (!clientGone) writer.close().catch(() => undefined);
    }
  }

  context.ctx.waitUntil(run().catch((error) => logError("reply stream failed", error)));
  return new Response(readable, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
