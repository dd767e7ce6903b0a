import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { flashCookie } from "~/lib/http/cookies.server";

const flashSchema = z.lazy(() =>
  z.object({
    title: z.string().max(120),
    description: z.string().max(300).optional(),
    variant: z.enum(["default", "success", "destructive"]).optional(),
  }),
);
export type Flash = z.infer<typeof flashSchema>;

/** A one-time toast for the next page (after a redirect). */
export function setFlash(context: AppLoadContext, request: Request, flash: Flash) {
  return flashCookie(context.config, request).serialize(flash);
}

/** Reads and clears the pending toast, if any. */
export async function takeFlash(context: AppLoadContext, request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie(context.config, request);
  const raw = await cookie.parse(request.headers.get("cookie"));
  if (!raw) return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
