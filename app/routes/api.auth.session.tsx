import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { getSession, renewSession } from "~/services/auth/session.server";
import { apiAction, apiLoader } from "~/web/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { unauthorized } from "~/lib/http/http.server";

const answer = (session: { user: unknown; expiresAt: Date }) => ({ user: session.user, expires: session.expiresAt.toISOString() });

/** `{ user, expires }` when signed in, `{}` otherwise (the spec's auth client). */
export const loader = apiLoader({ auth: "public" }, async ({ request, context }) => {
  const session = await getSession(request, context);
  return session ? answer(session) : {};
});

/**
 * POST `{ csrfToken, data }`: the auth client's session update (spec section 7). The session is read
 * again and lives another full term; answers `{ user, expires }`. `data` is accepted as the client
 * sends it but changes nothing: who someone is comes only from the database (decision 048).
 */
export const action = apiAction(
  {
    methods: ["POST"],
    auth: "user",
    schema: z.lazy(() =>
      z.object({ csrfToken: plain("token", z.string().min(1, "csrfToken is required.")), data: plain("ignored", z.record(z.string(), z.unknown())).nullish() }),
    ),
  },
  async ({ request, context, body }) => {
    await requireCsrf(request, context, body.csrfToken);
    const renewed = await renewSession(context, request);
    if (!renewed) throw unauthorized();
    return Response.json(answer(renewed.session), { headers: { "Set-Cookie": renewed.cookie, "Cache-Control": "private, no-store" } });
  },
);
