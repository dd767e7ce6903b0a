import { useEffect } from "react";
import { usePreference } from "~/hooks/use-preference";

const KEY = "referrer";
const SAVED_KEY = "referrerSaved";

/**
 * A `ref` query value is kept in local storage; once the user is signed in it is sent to their
 * preferences (the server keeps the first one saved, so this never overwrites it).
 */
export function useReferrer(userId: string | null) {
  const save = usePreference("referrer", () => userId && window.localStorage.setItem(SAVED_KEY, userId));
  useEffect(() => {
    const ref = new URLSearchParams(window.location.search).get("ref")?.trim().slice(0, 100);
    if (ref) window.localStorage.setItem(KEY, ref);
    const stored = window.localStorage.getItem(KEY);
    if (!userId || !stored || window.localStorage.getItem(SAVED_KEY) === userId) return;
    save(stored);
    // Saved once per user; `save` changes with each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
