import { useRevalidator } from "react-router";
import { useEffect } from "react";
import { SESSION_ENDED_EVENT } from "~/lib/chat/live-close";

const CHANNEL = "reverie-session";

/**
 * Keeps every tab's idea of the session current: refetches the session on window focus, when another
 * tab announces a sign-in or sign-out, when the page comes back from the back/forward cache, and when
 * the server closed a live socket because its session ended, and reloads the page data if it changed.
 * The session is read with a plain request, not a fetcher: a fetcher's load of a route the page has not
 * discovered yet can race React Router's route discovery and be sent to the wrong route (decision 084).
 */
export function useSessionSync(userId: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let asked = 0;
    const check = async () => {
      const ask = ++asked;
      try {
        const response = await fetch("/api/auth/session", { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const body = (await response.json()) as { user?: { id: string } | null };
        // Only the latest question's answer counts.
        if (ask === asked && (body.user?.id ?? null) !== userId) void revalidate();
      } catch {
        // Offline or cut off: the next focus asks again.
      }
    };
    const onMessage = (event: MessageEvent<{ userId: string | null }>) => {
      if (event.data?.userId !== userId) void revalidate();
    };
    let channel: BroadcastChannel | null = null;
    const listen = () => {
      if (typeof BroadcastChannel !== "function") return null;
      channel = new BroadcastChannel(CHANNEL);
      channel.addEventListener("message", onMessage);
      return channel;
    };
    const stop = () => {
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      channel = null;
    };
    // A message to a page kept for Back and Forward ends its stay there, so the page stops listening as
    // it is left. Brought back, it listens again and asks once whether the session changed meanwhile.
    const comeBack = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      listen();
      void check();
    };
    listen()?.postMessage({ userId });
    window.addEventListener("focus", check);
    window.addEventListener(SESSION_ENDED_EVENT, check);
    window.addEventListener("pagehide", stop);
    window.addEventListener("pageshow", comeBack);
    return () => {
      stop();
      window.removeEventListener("focus", check);
      window.removeEventListener(SESSION_ENDED_EVENT, check);
      window.removeEventListener("pagehide", stop);
      window.removeEventListener("pageshow", comeBack);
    };
  }, [userId, revalidate]);
}
