import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { jsonError, notFound } from "~/lib/http/http.server";
import { limitPerWindow } from "~/lib/http/rate-limit.server";
import { reportableReview } from "~/services/reviews.server";
import { createReport, reportableCharacter, reportableMessage } from "~/models/moderation.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASONS, type ReportReason } from "~/spec/moderation";

const schema = z.lazy(() =>
  z.object({
    targetType: z.enum(["character", "message", "review"]),
    targetId: plain("id", z.string().max(64)),
    reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], MODERATION_MESSAGES.pickReason),
    note: plain("to-moderators", z.string().trim().max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)).optional(),
  }),
);

/**
 * POST `{ targetType, targetId, reason, note? }`: a report of a character the user can see, of a review
 * of one (issue 64), or of a
 * character's message in one of their chats. 201; 409 when they reported it before; 404 when it is not there.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create", schema }, async ({ context, user, body }) => {
  await limitPerWindow(context.db, {
    key: `reports:${user.id}`,
    limit: MODERATION_LIMITS.reportsPerDay,
    windowMs: 86_400_000,
    message: MODERATION_MESSAGES.tooManyReports,
  });
  const copy = !isId(body.targetId)
    ? undefined
    : body.targetType === "message"
      ? await reportableMessage(context.env, user.id, body.targetId)
      : body.targetType === "review"
        ? await reportableReview(context, user, body.targetId)
        : undefined;
  const target = body.targetType === "character" ? (isId(body.targetId) ? await reportableCharacter(context.db, user, body.targetId) : undefined) : copy;
  if (!target) throw notFound(MODERATION_MESSAGES.targetGone);
  if (!(await createReport(context.db, user.id, { ...body, copy }))) throw jsonError(409, MODERATION_MESSAGES.alreadyReported, { code: "already_reported" });
  return created({ reported: true });
});

export const loader = onlyMethods("POST");
