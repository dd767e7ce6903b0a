/** What the object is asked to write and what it answers a send or a Regenerate/Continue step (app/objects/reply-runtime.server.ts). */
import type { MemoryUsed } from "~/lib/chat/recall";
import type { SummaryJob } from "~/lib/chat/summary";
import type { CharacterHints, PromptMessage } from "~/lib/providers/text/types";
import type { ChatModelName } from "~/spec/models";
import type { AllowanceConfig, Reservation } from "./allowances";
import type { CharacterSnapshot } from "./chats";
import type { RecipeBase } from "./reply-plan";
import type { Config } from "~/lib/config.server";

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
  /** What the prompt was written with (issue 62), stored on the reply for "What it remembered". */
  used?: MemoryUsed;
};

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

/**
 * A send: the character it is to (its snapshot), the person's message (after `parentId`, or after the
 * chat's leaf as it is when the object runs it), the recipe's base, the allowance to take one from (null:
 * unlimited), the model server the request chose, and the session that asked (its end ends the stream).
 */
export type SendInput = {
  character: CharacterSnapshot;
  message: { parentId?: string | null; content: string };
  base: RecipeBase;
  allowance: AllowanceConfig | null;
  text: Config["text"];
  sessionId?: string;
};
