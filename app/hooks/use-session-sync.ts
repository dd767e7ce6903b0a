import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

const CHANNEL = "reverie-session";

/**
 * Keeps every tab's idea of the session current: refetches the session on window focus and when
 * another tab announces a sign-in or sign-out, and reloads the page data if it changed.
 */
export function useSessionSync(userId: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    channel?.postMessage({ userId });
    const check = async () => {
      try {
        const response = await fetch("/api/auth/session", { headers: { accept: "application/json" } });
        const session = (await response.json()) as { user?: { id: string } };
        if ((session.user?.id ?? null) !== userId) revalidate();
      } catch {
        // Offline: keep what is shown; the next focus tries again.
      }
    };
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
  }, [userId, revalidate]);
}
