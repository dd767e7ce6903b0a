import { jsonHeaders } from "~/lib/browser/api-client";
import { shareLink } from "~/lib/browser/share";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";
import { SHARE } from "~/spec/images";

/**
 * Shares a picture (spec section 2) through the one share flow, with the spec's title. Its page
 * becomes public only once the link is shared or copied: cancelling the share sheet keeps it private.
 */
export function sharePicture(id: string) {
  return shareLink(`/images/${id}`, SHARE.title, async () => {
    const marked = await fetch(`/api/images/${id}`, { method: "PATCH", headers: jsonHeaders(), body: JSON.stringify({ shared: true }) });
    if (!marked.ok) toast({ title: MESSAGES.generic.errorTitle, description: MESSAGES.generic.somethingWentWrong, variant: "destructive" });
    return marked.ok;
  });
}
