import { useEffect, useRef, useState } from "react";
import { eventStreams } from "~/lib/browser/load-event-streams";
import type { LiveEvent } from "~/lib/chat/live-events";
import { SESSION_ENDED, SESSION_ENDED_EVENT, SESSION_ENDED_FRAME } from "~/lib/chat/live-close";

/** A keep-alive now and then, so proxies do not close a quiet socket (the object answers it without waking). */
const PING_MS = 30_000;
/** How long to wait before opening a dropped socket again, by try. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The chat's live updates from the person's own object (decision 039): every change made in another
 * tab or device arrives as an event. A socket that drops is opened again, and then the page reads the
 * chat once, for what it missed meanwhile. Whether the socket is open (while it is not, the page
 * follows a reply written elsewhere by asking again).
 */
/** `path` is the conversation's live address: `/api/chats/:characterId/live` or `/api/groups/:id/live`. */
export function useLiveChat(path: string, onEvent: (event: LiveEvent) => void, enabled: boolean) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let tries = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    // Closes the socket from this side. Only the current socket speaks (below), so its own close
    // event, however late it comes, schedules no retry.
    const drop = () => {
      clearTimeout(retry);
      clearInterval(ping);
      const leaving = socket;
      socket = null;
      leaving?.close();
      setConnected(false);
    };
    // The events' parser loads once the page is up (decision 074). Every frame waits on the same
    // promise, so they are handled in the order they came. Should it fail to load, the socket is
    // closed for good and the page says it is not live, so it follows replies by asking again.
    const parser = eventStreams();
    parser.catch(() => {
      if (stopped) return;
      stopped = true;
      drop();
    });
    const connect = () => {
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const current = new WebSocket(url);
      socket = current;
      // Only the newest socket speaks: one closed as the page was left may report its close late,
      // after the page came back and opened another. A close of the current one was not asked for.
      current.onopen = () => {
        if (socket !== current) return;
        if (tries > 0) handler.current({ type: "changed" });
        tries = 0;
        setConnected(true);
        clearInterval(ping);
        ping = setInterval(() => current.readyState === WebSocket.OPEN && current.send("ping"), PING_MS);
      };
      current.onmessage = (message) => {
        if (socket !== current) return;
        // The session that opened it ended: act now, before the close itself arrives.
        if (message.data === SESSION_ENDED_FRAME) {
          drop();
          void afterSessionEnded();
          return;
        }
        void parser.then(
          ({ parseLiveEvent }) => {
            const event = parseLiveEvent(message.data);
            if (event && !stopped) handler.current(event);
          },
          () => {},
        );
      };
      current.onclose = (event) => {
        if (socket !== current) return;
        clearInterval(ping);
        setConnected(false);
        if (event.code === SESSION_ENDED) {
          socket = null;
          void afterSessionEnded();
          return;
        }
        retry = setTimeout(connect, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
      };
    };
    // The server closed the socket because the session that opened it ended (issue 58). It opens again
    // only if the session still answers (it was renewed); otherwise the page learns it is signed out.
    const afterSessionEnded = async () => {
      let still = false;
      try {
        const answer = (await (await fetch("/api/auth/session", { credentials: "same-origin" })).json()) as { user?: { isBanned?: boolean } };
        still = !!answer.user && !answer.user.isBanned;
      } catch {
        still = false;
      }
      if (stopped || socket) return;
      if (still) {
        tries = 1;
        connect();
        return;
      }
      stopped = true;
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    };
    // Browsers do not keep a page with an open WebSocket for Back and Forward. The socket closes as
    // the page is hidden, and opens again if the page comes back from that cache; opening again reads
    // the chat once, for what changed meanwhile.
    const show = (event: PageTransitionEvent) => {
      if (!event.persisted || socket || stopped) return;
      tries = 1;
      connect();
    };
    window.addEventListener("pagehide", drop);
    window.addEventListener("pageshow", show);
    connect();
    return () => {
      stopped = true;
      drop();
      window.removeEventListener("pagehide", drop);
      window.removeEventListener("pageshow", show);
    };
  }, [path, enabled]);
  return connected;
}
