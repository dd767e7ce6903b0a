import { jsonHeaders } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";
import { SHARE } from "~/spec/images";

/**
 * Shares a picture (spec section 2): it is marked shared (its page becomes public), then the native
 * share sheet opens with the spec's title; without one, a /link/ short link is copied to the clipboard.
 */
export async function sharePicture(id: string) {
  const marked = await fetch(`/api/images/${id}`, { method: "PATCH", headers: jsonHeaders(), body: JSON.stringify({ shared: true }) });
  if (!marked.ok) return toast({ title: MESSAGES.generic.errorTitle, description: MESSAGES.generic.somethingWentWrong, variant: "destructive" });
  const page = `${location.origin}/images/${id}`;
  if (typeof navigator.share === "function") {
    try {
      return await navigator.share({ title: SHARE.title, url: page });
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  // Spec section 7: on a status other than 200 or 201 the original URL is used.
  const short = await fetch("/api/shorten", { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ originalUrl: `/images/${id}` }) }).catch(
    () => null,
  );
  const code = short && (short.status === 200 || short.status === 201) ? ((await short.json()) as { shortCode?: string }).shortCode : undefined;
  await navigator.clipboard?.writeText(code ? `${location.origin}/link/${code}` : page);
  toast({ title: SHARE.copiedTitle, description: SHARE.copiedDescription, duration: SHARE.toastMs });
}
