/**
 * What a character remembers of a chat (issue 25, decision 044): the one door to it. The memories
 * live in the person's own object beside the chat (app/user-store/memory.ts); routes and the reply's
 * prompt call these functions and never learn where.
 */
import type { ChatOwner } from "./chat.server";
import { oneCall, userStore } from "./user-store.server";
import type { ScreenedText } from "~/lib/safety/screened";
import type { RecallAsk } from "~/lib/chat/recall";

export type { MemoryPin } from "~/user-store/memory";

/** The owner's chat memory, inside their object (its typed door). */
const memory = (owner: ChatOwner) => oneCall(userStore(owner.env, owner.userId).memory(owner.userId));

/** The chat's memories, oldest first. */
export const listPins = (owner: ChatOwner, chatId: string) => memory(owner).pins(chatId);

/** A new memory: typed words, or a message of the chat; refused when the chat keeps `limit` already. */
export const addPin = (owner: ChatOwner, chatId: string, input: { text?: ScreenedText; messageId?: string }, limit: number, maxChars: number) =>
  memory(owner).pin(chatId, input, limit, maxChars);

export const editPin = (owner: ChatOwner, chatId: string, pinId: string, text: ScreenedText) => memory(owner).edit(chatId, pinId, text);

export const deletePin = (owner: ChatOwner, chatId: string, pinId: string) => memory(owner).unpin(chatId, pinId);

export const clearMemory = (owner: ChatOwner, chatId: string) => memory(owner).clear(chatId);

/** The older moments of the branch through `lastId` that the last turns call up (issue 62). */
export const recallMoments = (owner: ChatOwner, chatId: string, lastId: string, ask: RecallAsk) => memory(owner).recall(chatId, lastId, ask);

/** The person's edit of the running summary up to a message; false when there is none there. */
export const editSummary = (owner: ChatOwner, chatId: string, throughMessageId: string, text: ScreenedText) =>
  memory(owner).editSummary(chatId, throughMessageId, text);
