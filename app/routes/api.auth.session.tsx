import { getSession } from "~/lib/auth/session.server";
import { apiLoader } from "~/lib/http/api.server";

/** `{ user, expires }` when signed in, `{}` otherwise (the spec's auth client). */
export const loader = apiLoader({ auth: "public" }, async ({ request, context }) => {
  const session = await getSession(request, context);
  return session ? { user: session.user, expires: session.expiresAt.toISOString() } : {};
});
