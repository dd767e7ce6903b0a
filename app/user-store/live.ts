/**
 * Which chat operations change what an open page shows, and which chat each one touches (decision
 * 039): after such an operation the object tells the sockets of that chat's character.
 */
import type { CharacterSnapshot } from "./chats";
import type { ChatOp } from "./user-store.server";
import { SESSION_ENDED, SESSION_ENDED_FRAME } from "~/lib/chat/live-close";
export { SESSION_ENDED };

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

/** What a socket keeps of the session that opened it (its attachment): its id and when it expires. */
export type SocketSession = { id: string; expiresAt: number };

/** A socket's tag naming its session, so one session's sockets can be found and closed. */
export const sessionTag = (sessionId: string) => `session:${sessionId}`;

/** The session the Worker names on a socket's upgrade (`X-Session-Id`, `X-Session-Expires`); null without one. */
export function socketSession(request: Request): SocketSession | null {
  const id = request.headers.get("X-Session-Id");
  const expiresAt = Number(request.headers.get("X-Session-Expires"));
  return id && /^[0-9a-f]{64}$/.test(id) && Number.isFinite(expiresAt) && expiresAt > 0 ? { id, expiresAt } : null;
}

/** Closes a socket; one already closing or closed is left as it is. */
export function closeSocket(socket: WebSocket, code: number, reason: string) {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
  }
}

/** Closes a socket whose session ended: the frame that says so first, then the close with SESSION_ENDED. */
export function endSocket(socket: WebSocket, reason: string) {
  try {
    socket.send(SESSION_ENDED_FRAME);
  } catch {
    // Already closing: the close below (or the one under way) says it.
  }
  closeSocket(socket, SESSION_ENDED, reason);
}
