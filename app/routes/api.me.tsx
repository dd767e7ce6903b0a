import { getSession } from "~/services/auth/session.server";
import { meRowsOf } from "~/services/auth/session-rides.server";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { getMe } from "~/models/user.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** GET: `{ user }` with preferences, personas, votes, exclusions and the allowance (spec section 7). */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  // The rows came with the session (one D1 round trip; decision 056), which is memoised for the request.
  const session = await getSession(request, context);
  const me = await getMe(context, user.id, context.config, meRowsOf(session?.ride));
  if (!me) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  return { user: me };
});
