import { isId } from "~/db/ids";
import { getJobStatus } from "~/models/jobs.server";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** GET: `{ status, reply }` of the user's own job, polled every second while it runs (spec section 4). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const status = isId(params.id) ? await getJobStatus(context.db, params.id, user.id) : null;
  if (!status) throw notFound(ACCOUNT_MESSAGES.jobNotFound);
  return status;
});
