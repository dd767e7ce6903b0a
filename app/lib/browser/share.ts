/**
 * The one share flow (spec sections 2 and 7; issue 27): a page of this site is shortened (the full
 * address when that fails), then offered through the native share sheet, or copied to the clipboard
 * with the spec's toast, or, without clipboard access, shown to copy by hand. `onShared` runs only
 * once the link has actually gone somewhere (shared, copied or shown), so cancelling changes nothing:
 * a picture becomes public only then.
 */
import { jsonHeaders, logClient } from "~/lib/browser/api-client";
import { toast } from "~/lib/toast";
import { MESSAGES, SHARE_MESSAGES } from "~/spec/messages";
import { TIMING } from "~/spec/limits";

async function shortLink(path: string) {
  const absolute = (p: string) => new URL(p, window.location.origin).toString();
  try {
    const response = await fetch("/api/shorten", { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ originalUrl: path }) });
    // Spec section 7: on a status other than 200 or 201 the original URL is used.
    if (response.status === 200 || response.status === 201) {
      const { shortCode } = (await response.json()) as { shortCode?: string };
      if (shortCode) return absolute(`/link/${shortCode}`);
    }
    logClient("warn", "Error shortening URL", { path, status: response.status });
  } catch (error) {
    logClient("warn", "Error shortening URL", { path, error: String(error) });
  }
  return absolute(path);
}

export async function shareLink(path: string, title: string, onShared?: () => Promise<boolean>) {
  const url = await shortLink(path);
  const shared = async () => (onShared ? await onShared() : true);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      await shared();
      return;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    // No clipboard access (permission refused): the link is shown so it can be copied by hand.
    if (await shared()) toast({ title: SHARE_MESSAGES.shareThisLink, description: url });
    return;
  }
  if (await shared()) toast({ title: MESSAGES.generic.urlCopiedTitle, description: MESSAGES.generic.urlCopied, duration: TIMING.shareToastMs });
}
