import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSession } from "~/lib/auth/session.server";

/** `{ user, expires }` when signed in, `{}` otherwise. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (!session) return Response.json({}, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ user: session.user, expires: session.expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
}
