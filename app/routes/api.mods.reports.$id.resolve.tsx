import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { tagStatements } from "~/models/character-write.server";
import { resolveReport } from "~/models/moderation.server";
import { CHARACTER_LIMITS } from "~/lib/forms/character";
import { CHARACTER_MESSAGES } from "~/spec/messages";
import { MODERATION_LIMITS, MODERATION_MESSAGES, RESOLVE_ACTIONS, type ResolveAction } from "~/spec/moderation";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES } from "~/spec/tags";

const schema = z.lazy(() =>
  z
    .object({
      action: z.enum(Object.keys(RESOLVE_ACTIONS) as [ResolveAction, ...ResolveAction[]]),
      note: plain("from-moderators", z.string().trim().max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)).optional(),
      /** For `tags`: the character's tags and content warnings as they should be. */
      tags: z
        .array(z.enum(CHARACTER_TAG_NAMES, { error: CHARACTER_MESSAGES.unknownTag }))
        .max(CHARACTER_LIMITS.tags, CHARACTER_MESSAGES.tooManyTags(CHARACTER_LIMITS.tags))
        .optional(),
      contentTags: z.array(z.enum(CONTENT_TAG_NAMES, { error: CHARACTER_MESSAGES.unknownContentTag })).optional(),
    })
    .refine((b) => b.action !== "tags" || b.tags, { path: ["tags"], message: MODERATION_MESSAGES.pickTags }),
);

/**
 * POST `{ action, note?, tags?, contentTags? }` (moderators): resolves every open report of this
 * report's object with the action (dismiss, unpublish, delete, nsfw, tags, lift), and writes it to the
 * moderation log. Making private, marking NSFW and setting tags hold until lifted (decision 026).
 */
export const action = apiAction({ methods: ["POST"], auth: "moderate", schema }, async ({ context, user, params, body }) => {
  const setTags = (id: string) => tagStatements(context.db, id, { tags: body.tags ?? [], contentTags: body.contentTags ?? [] });
  const done = isId(params.id) ? await resolveReport(context.db, context.env, user, params.id, body.action, body.note, setTags) : null;
  if (!done) throw notFound(MODERATION_MESSAGES.reportGone);
  if (done === "invalid")
    throw badRequest(
      body.action === "lift"
        ? MODERATION_MESSAGES.notLocked
        : body.action === "tags"
          ? MODERATION_MESSAGES.onlyCharacters
          : MODERATION_MESSAGES.onlyDismissOrDelete,
    );
  return { resolved: true, action: body.action };
});

export const loader = onlyMethods("POST");
