import { MESSAGES } from "~/spec/messages";
import { api, logClient } from "~/lib/http/api-client";
import { toast } from "./toast";

/**
 * Shares a page of this site: shortens it (falling back to the full URL when that fails), then the
 * native share sheet, or the clipboard with the spec's toast when there is none.
 */
export async function sharePath(path: string, title: string) {
  const short = await api<{ shortCode: string }>("/api/shorten", { method: "POST", body: { originalUrl: path } });
  if (!short.ok) logClient("warn", "Error shortening URL", { path, status: short.status });
  const url = new URL(short.ok ? `/link/${short.data.shortCode}` : path, window.location.origin).toString();
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: MESSAGES.generic.urlCopiedTitle, description: MESSAGES.generic.urlCopied, duration: 2000 });
  } catch {
    // No clipboard access (permission refused): show the link so it can be copied by hand.
    toast({ title: "Share this link", description: url });
  }
}
