/** What the object answers a send or a Regenerate/Continue step (app/objects/reply-runtime.server.ts writes them). */

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
