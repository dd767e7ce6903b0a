import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { badRequest } from "~/lib/http/http.server";
import { isSafeCallbackUrl, safeCallbackUrl } from "~/lib/http/safe-redirect";
import { shorten } from "~/models/short-link.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** POST { originalUrl }: only URLs of this site; answers { shortCode } (201). */
export const action = apiAction(
  {
    methods: ["POST"],
    auth: "public",
    limit: { name: "public", perAddress: "shorten" },
    schema: z.lazy(() => z.object({ originalUrl: plain("url", z.string().min(1).max(2000)) })),
  },
  async ({ request, context, user, body }) => {
    const origin = new URL(request.url).origin;
    if (!isSafeCallbackUrl(body.originalUrl, origin)) throw badRequest(ACCOUNT_MESSAGES.onlyOwnSite);
    return created({ shortCode: await shorten(context.db, safeCallbackUrl(body.originalUrl, origin), user?.id ?? null) });
  },
);

export const loader = onlyMethods("POST");
