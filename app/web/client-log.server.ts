import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { clientIp, limitPerMinute } from "~/lib/http/rate-limit.server";
import { CLIENT_LOG_MAX_BYTES } from "~/spec/limits";
import { apiAction } from "~/web/api.server";
import { badRequest, invalidBody, mediaType, readText } from "~/lib/http/http.server";
import { LOG_MESSAGES } from "~/spec/messages";

const logSchema = z.lazy(() =>
  z.object({
    level: z.enum(["error", "warn", "info", "debug"]),
    code: z.string().trim().min(1).max(100),
    details: z.unknown().optional(),
  }),
);

/**
 * The client log beacon (spec section 7, at / and at the auth base path): level, code and details, at
 * most 8 KB, written to the Worker log. Beacons carry no CSRF token, and a log line changes nothing.
 */
export const clientLogAction = apiAction({ methods: ["POST"], auth: "public", csrf: false }, ({ request, context }) => acceptClientLog(request, context));

async function acceptClientLog(request: Request, context: AppLoadContext) {
  await limitPerMinute(context, "public", `log:${clientIp(request)}`);
  const text = await readText(request, CLIENT_LOG_MAX_BYTES, LOG_MESSAGES.tooLarge);
  let body: unknown;
  try {
    body = mediaType(request) === "application/x-www-form-urlencoded" ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
  } catch {
    throw badRequest(LOG_MESSAGES.notJson);
  }
  const parsed = logSchema.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error);
  const { level, code, details } = parsed.data;
  console[level === "debug" ? "log" : level]("[client]", code, JSON.stringify(details ?? null));
  return new Response(null, { status: 204 });
}
