/**
 * The live side of a person's object (decision 039, issue 58): the sockets its pages open, what they
 * are told, and the streams a session holds open, all ended with that session. Sockets are
 * hibernatable and tagged with their chat's key and their session, so one session's end finds them.
 */
import type { LiveEvent } from "~/lib/chat/live-events";
import { SESSION_ENDED, SESSION_ENDED_FRAME } from "~/lib/chat/live-close";
import { isWebSocketUpgrade } from "~/lib/http/upgrade";

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

export class SocketHub {
  /** The streams a session holds open here (a reply's page, a relayed story turn), by session id: its end cuts them (issue 58). */
  private readonly held = new Map<string, Set<() => void>>();
  /** The greeting frame is waiting to be told (greetingChanged). */
  private greetingToTell = false;

  constructor(
    private readonly ctx: DurableObjectState,
    /** The first frame a page hears when it opens its updates (what is left of its messages), or null when there is none. */
    private readonly greeting: () => LiveEvent | null,
  ) {}

  /**
   * Tells every open page the greeting frame (what is left of the messages), once the change is over:
   * a change can be made inside a transaction that is then undone (a refused send), so the figure is
   * read after it, when the current turn's synchronous work is done, and one frame goes for any number of changes.
   */
  greetingChanged() {
    if (this.greetingToTell) return;
    this.greetingToTell = true;
    queueMicrotask(() => {
      this.greetingToTell = false;
      const frame = this.greeting();
      if (frame) this.tellEveryPage(frame);
    });
  }

  /** Sends a frame to every page open on a chat (its character's id, or `group:<id>`); a socket that has gone is skipped. */
  tell(key: string, event: LiveEvent) {
    this.broadcast(this.ctx.getWebSockets(key), event);
  }

  /** Sends a frame to every page the person has open, on any chat or group. */
  tellEveryPage(event: LiveEvent) {
    this.broadcast(this.ctx.getWebSockets(), event);
  }

  private broadcast(sockets: WebSocket[], event: LiveEvent) {
    const frame = JSON.stringify(event);
    for (const socket of sockets) {
      try {
        socket.send(frame);
      } catch {
        // Closing or closed: its page reads the chat again when it reconnects.
      }
    }
  }

  /**
   * A page opening its live updates for one chat (the Worker checked who it is and names the owner,
   * the chat's key and the session). Answers the 101, or a 400 for anything else.
   */
  async accept(request: Request, key: string | null): Promise<Response> {
    const session = socketSession(request);
    if (!isWebSocketUpgrade(request) || !key || !session) return new Response(null, { status: 400 });
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) old.close(1013, "Too many open pages");
    const { 0: page, 1: socket } = new WebSocketPair();
    // Tagged with the session that opened it (issue 58): that session's end closes it.
    this.ctx.acceptWebSocket(socket, [key, sessionTag(session.id)]);
    socket.serializeAttachment(session satisfies SocketSession);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > session.expiresAt) await this.ctx.storage.setAlarm(session.expiresAt);
    // A page that opens (or opens again) its updates hears what is left at once: a change made while it was not listening is not lost.
    const first = this.greeting();
    if (first) socket.send(JSON.stringify(first));
    return new Response(null, { status: 101, webSocket: page });
  }

  /** Ends the sockets and streams of some sessions (`"all"`: every one); answers how many sockets closed. */
  endSessions(sessions: string[] | "all"): number {
    const sockets = sessions === "all" ? this.ctx.getWebSockets() : [...new Set(sessions.flatMap((id) => this.ctx.getWebSockets(sessionTag(id))))];
    for (const socket of sockets) endSocket(socket, "Session ended");
    for (const [id, cuts] of this.held) {
      if (sessions !== "all" && !sessions.includes(id)) continue;
      for (const cut of cuts) cut();
      this.held.delete(id);
    }
    return sockets.length;
  }

  /** Everything open ends: the account is being deleted. */
  endAll(reason: string) {
    for (const socket of this.ctx.getWebSockets()) endSocket(socket, reason);
    for (const cuts of this.held.values()) for (const cut of cuts) cut();
    this.held.clear();
  }

  /** A stream carried through the object, cut when the session holding it ends, as a reply's stream is (issue 58). */
  relay(sessionId: string, stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = stream.getReader();
    let release = () => {};
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        release = this.hold(sessionId, () => {
          reader.cancel().catch(() => undefined);
          try {
            controller.close();
          } catch {
            // Already closed.
          }
        });
      },
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel: async (reason) => {
        release();
        await reader.cancel(reason).catch(() => undefined);
      },
    });
  }

  /** Records a stream's cut under the session that holds it; the returned function forgets it (the stream ended by itself). */
  hold(sessionId: string | undefined, cut: () => void) {
    if (!sessionId) return () => {};
    const cuts = this.held.get(sessionId) ?? new Set();
    cuts.add(cut);
    this.held.set(sessionId, cuts);
    return () => {
      cuts.delete(cut);
      if (!cuts.size && this.held.get(sessionId) === cuts) this.held.delete(sessionId);
    };
  }

  /** Closes the sockets whose session has expired by `now`; answers when the next one expires (null: none open). */
  closeExpired(now: number): number | null {
    let next: number | null = null;
    for (const socket of this.ctx.getWebSockets()) {
      const session = socket.deserializeAttachment() as SocketSession | null;
      // A socket opened before sockets were tagged knows no session: it is closed and opened again by its page.
      if (!session || session.expiresAt <= now) endSocket(socket, "Session ended");
      else next = Math.min(next ?? Infinity, session.expiresAt);
    }
    return next;
  }
}
