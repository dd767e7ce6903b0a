import { useRef } from "react";
import { useApi } from "~/hooks/use-api";
import { logClient } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import { MESSAGES, SHARE_MESSAGES } from "~/spec/messages";

async function offer(url: string, title: string) {
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
    toast({ title: SHARE_MESSAGES.shareThisLink, description: url });
  }
}

/**
 * Shares a page of this site: shortens it (the full URL when that fails, spec section 7), then the
 * native share sheet, or the clipboard with the spec's toast when there is none.
 */
export function useShare() {
  const pending = useRef<{ path: string; title: string } | null>(null);
  const absolute = (path: string) => new URL(path, window.location.origin).toString();
  const shorten = useApi<{ shortCode: string }>({
    onSuccess: ({ shortCode }) => pending.current && void offer(absolute(`/link/${shortCode}`), pending.current.title),
    onError: (error) => {
      logClient("warn", "Error shortening URL", { path: pending.current?.path, code: error.code });
      if (pending.current) void offer(absolute(pending.current.path), pending.current.title);
      return false;
    },
  });
  return (path: string, title: string) => {
    pending.current = { path, title };
    shorten.submit("/api/shorten", "POST", { originalUrl: path });
  };
}
