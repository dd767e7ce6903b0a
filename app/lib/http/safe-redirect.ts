/**
 * Keeps a callbackUrl on this site: only a local path is allowed ("/x", not "//evil" or "https://evil").
 * A full URL on our own origin is reduced to its path.
 */
export function safeCallbackUrl(value: unknown, origin: string, fallback = "/"): string {
  if (typeof value !== "string" || !value) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  if (path.startsWith("/api/auth/")) return fallback;
  return path;
}

export function isSafeCallbackUrl(value: unknown, origin: string): boolean {
  return typeof value === "string" && safeCallbackUrl(value, origin, "") !== "";
}
