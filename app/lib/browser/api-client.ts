/**
 * What the browser needs beside fetchers (hooks/use-api.ts): the CSRF header for raw fetches (a
 * streamed chat reply, a call's turns and sentences) and the log beacon.
 */
let csrfToken: string | null = null;
export const setApiCsrfToken = (token: string | null) => {
  csrfToken = token;
};

/** Headers for a JSON mutation made with fetch directly (streams): JSON and the CSRF token. */
export const jsonHeaders = (): Record<string, string> => ({ "content-type": "application/json", ...(csrfToken ? { "x-csrf-token": csrfToken } : {}) });

/** The CSRF header alone, for a multipart upload made with fetch directly (a call's turn). */
export const csrfHeaders = (): Record<string, string> => (csrfToken ? { "x-csrf-token": csrfToken } : {});

/** Sends a client log line by beacon (spec section 7: level, code, details). */
export function logClient(level: "error" | "warn" | "info", code: string, details?: unknown) {
  const body = JSON.stringify({ level, code, details });
  if (typeof navigator !== "undefined" && navigator.sendBeacon?.("/_log", new Blob([body], { type: "application/json" }))) return;
  void fetch("/_log", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
}
