import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { mutationOnlyLoader, requireMethod } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { clientIp, limitPerMinute } from "~/lib/http/rate-limit.server";
import { badRequest, parseJson } from "~/lib/http/http.server";
import { isSafeCallbackUrl, safeCallbackUrl } from "~/lib/http/safe-redirect";
import { getSessionUser } from "~/lib/auth/session.server";
import { shorten } from "~/models/short-link.server";

/** POST { originalUrl }: only URLs of this site; answers { shortCode }. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireCsrf(request, context);
  await limitPerMinute(context, "public", `shorten:${clientIp(request)}`);
  const { originalUrl } = await parseJson(request, z.object({ originalUrl: z.string().min(1).max(2000) }));
  const origin = new URL(request.url).origin;
  if (!isSafeCallbackUrl(originalUrl, origin)) return badRequest("Only links to this site can be shortened.");
  const user = await getSessionUser(request, context);
  const shortCode = await shorten(context.db, safeCallbackUrl(originalUrl, origin), user?.id ?? null);
  return Response.json({ shortCode }, { status: 201 });
}

export const loader = mutationOnlyLoader;
