import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { isSecureRequest } from "~/lib/http/cookies.server";

export const FLASH_COOKIE = "__flash";

const flashSchema = z.object({
  title: z.string().max(120),
  description: z.string().max(300).optional(),
  variant: z.enum(["default", "success", "destructive"]).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

const flashCookie = (context: AppLoadContext, request: Request) =>
  createCookie(FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureRequest(request),
    secrets: [context.config.sessionSecret],
    maxAge: 60,
  });

/** A one-time toast for the next page (after a redirect). */
export function setFlash(context: AppLoadContext, request: Request, flash: Flash) {
  return flashCookie(context, request).serialize(flash);
}

/** Reads and clears the pending toast, if any. */
export async function takeFlash(context: AppLoadContext, request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie(context, request);
  const raw = await cookie.parse(request.headers.get("cookie"));
  if (!raw) return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
