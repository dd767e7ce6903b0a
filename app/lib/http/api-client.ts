/** The one fetch helper for the pages' JSON calls (the same contract third-party clients use). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

let csrfToken: string | null = null;
export const setApiCsrfToken = (token: string | null) => {
  csrfToken = token;
};

/** Headers for a JSON mutation made with fetch directly (streams): JSON and the CSRF token. */
export const jsonHeaders = (): Record<string, string> => ({ "content-type": "application/json", ...(csrfToken ? { "x-csrf-token": csrfToken } : {}) });

/** Sends a client log line by beacon (spec section 7: level, code, details). */
export function logClient(level: "error" | "warn" | "info", code: string, details?: unknown) {
  const body = JSON.stringify({ level, code, details });
  if (typeof navigator !== "undefined" && navigator.sendBeacon?.("/_log", new Blob([body], { type: "application/json" }))) return;
  void fetch("/_log", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
}

export async function api<T = Record<string, unknown>>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (csrfToken) headers["x-csrf-token"] = csrfToken;
  try {
    const response = await fetch(path, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const json = (await response.json().catch(() => ({}))) as { error?: string; success?: boolean };
    if (!response.ok || json.success === false) return { ok: false, status: response.status, error: json.error ?? "" };
    return { ok: true, data: json as T };
  } catch (error) {
    logClient("error", "CLIENT_FETCH_ERROR", { path, message: String(error) });
    return { ok: false, status: 0, error: "" };
  }
}
