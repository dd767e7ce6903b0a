import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { clientIp, limitPerMinute } from "~/lib/http/rate-limit.server";
import { CLIENT_LOG_MAX_BYTES } from "~/spec/limits";
import { badRequest, readText, zodMessage } from "~/lib/http/http.server";

const logSchema = z.object({
  level: z.enum(["error", "warn", "info", "debug"]),
  code: z.string().trim().min(1).max(100),
  details: z.unknown().optional(),
});

/** The client log beacon: level, code and details, at most 8 KB, written to the Worker log. */
export async function acceptClientLog(request: Request, context: AppLoadContext) {
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  await limitPerMinute(context, "public", `log:${clientIp(request)}`);
  const text = await readText(request, CLIENT_LOG_MAX_BYTES, "Log entry too large (at most 8 KB).");
  let body: unknown;
  try {
    body = request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")
      ? Object.fromEntries(new URLSearchParams(text))
      : JSON.parse(text);
  } catch {
    return badRequest("The log entry must be JSON with level, code and details.");
  }
  const parsed = logSchema.safeParse(body);
  if (!parsed.success) return badRequest(zodMessage(parsed.error));
  const { level, code, details } = parsed.data;
  console[level === "debug" ? "log" : level]("[client]", code, JSON.stringify(details ?? null));
  return new Response(null, { status: 204 });
}
