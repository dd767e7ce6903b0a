import { z } from "zod";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { resolveReport } from "~/models/moderation.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES, RESOLVE_ACTIONS, type ResolveAction } from "~/spec/moderation";

const schema = z.object({
  action: z.enum(Object.keys(RESOLVE_ACTIONS) as [ResolveAction, ...ResolveAction[]]),
  note: z.string().trim().max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong).optional(),
});

/**
 * POST `{ action: "dismiss" | "unpublish" | "delete" | "nsfw", note? }` (moderators): resolves every
 * open report of this report's object with the action, and writes it to the moderation log.
 */
export const action = apiAction({ methods: ["POST"], auth: "moderate", schema }, async ({ context, user, params, body }) => {
  const done = isId(params.id) ? await resolveReport(context.db, context.env.MEDIA, user, params.id, body.action, body.note) : null;
  if (!done) throw notFound(MODERATION_MESSAGES.reportGone);
  if (done === "invalid") throw badRequest(MODERATION_MESSAGES.onlyDismissOrDelete);
  return { resolved: true, action: body.action };
});

export const loader = onlyMethods("POST");
