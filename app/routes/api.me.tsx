import { apiLoader } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { getMe } from "~/models/user.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** GET: `{ user }` with preferences, personas, votes, exclusions and the allowance (spec section 7). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => {
  const me = await getMe(context, user.id, context.config);
  if (!me) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  return { user: me };
});
