/**
 * Which chat operations change what an open page shows, and which chat each one touches (decision
 * 039): after such an operation the object tells the sockets of that chat's character.
 */
import type { CharacterSnapshot } from "./chats";
import type { ChatOp } from "./user-store.server";

type Touched = { chatId?: string; messageId?: string; characterId?: string };
const chat = (args: unknown[]): Touched => ({ chatId: args[0] as string });
const message = (args: unknown[]): Touched => ({ messageId: args[0] as string });
const character = (args: unknown[]): Touched => ({ characterId: args[0] as string });

export const CHANGES: Partial<Record<ChatOp, (args: unknown[]) => Touched>> = {
  addSwipe: chat,
  retryInPlace: chat,
  editInto: chat,
  showBranch: chat,
  deleteMessage: chat,
  rename: chat,
  reopenForContinue: message,
  failReply: message,
  stopReply: message,
  redact: message,
  create: (args) => ({ characterId: (args[0] as CharacterSnapshot).id }),
  copy: (args) => ({ characterId: (args[0] as CharacterSnapshot).id }),
  select: character,
  delete: character,
};

/** The most sockets one person keeps open (tabs and devices); a new one past it closes the oldest. */
export const MAX_SOCKETS = 24;
