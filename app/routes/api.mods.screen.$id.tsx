import * as z from "zod";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { reviewScreenEvent } from "~/models/screen-events.server";
import { SCREEN_QUEUE_COPY } from "~/spec/moderation";

const schema = z.lazy(() => z.object({ decision: z.enum(["approve", "dismiss"], { error: SCREEN_QUEUE_COPY.pickDecision }) }));

/**
 * POST `{ decision: "approve" | "dismiss" }` (moderators): decides an open item of the safety queue,
 * and logs it. Approved, a held or refused text passes for its author from then on (issue 59).
 */
export const action = apiAction({ methods: ["POST"], auth: "moderate", schema }, async ({ context, user, params, body }) => {
  const done = isId(params.id) && (await reviewScreenEvent(context.db, params.id, body.decision === "approve" ? "approved" : "dismissed", user));
  if (!done) throw notFound(SCREEN_QUEUE_COPY.gone);
  return { id: params.id, status: body.decision === "approve" ? "approved" : "dismissed" };
});

export const loader = onlyMethods("POST");
