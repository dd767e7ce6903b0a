import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

const CHANNEL = "reverie-session";

/**
 * Keeps every tab's idea of the session current: refetches the session on window focus and when
 * another tab announces a sign-in or sign-out, and reloads the page data if it changed.
 */
export function useSessionSync(userId: string | null) {
  const { revalidate } = useRevalidator();
  const session = useFetcher<{ user?: { id: string } }>();
  const seen = session.state === "idle" && session.data ? (session.data.user?.id ?? null) : userId;
  useEffect(() => {
    if (seen !== userId) revalidate();
  }, [seen, userId, revalidate]);
  useEffect(() => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    channel?.postMessage({ userId });
    const check = () => session.load("/api/auth/session");
    const onMessage = (event: MessageEvent<{ userId: string | null }>) => {
      if (event.data?.userId !== userId) revalidate();
    };
    channel?.addEventListener("message", onMessage);
    window.addEventListener("focus", check);
    return () => {
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      window.removeEventListener("focus", check);
    };
    // `session` is stable; the listeners belong to this user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, revalidate]);
}
