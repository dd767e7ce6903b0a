import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { requireCharacterEditor } from "~/services/auth/character-access.server";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { badRequest, jsonError } from "~/lib/http/http.server";
import { appealTakedown } from "~/models/moderation.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES } from "~/spec/moderation";

const schema = z.lazy(() =>
  z.object({
    message: plain(
      "to-moderators",
      z.string().trim().min(1, MODERATION_MESSAGES.appealRequired).max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.appealTooLong),
    ),
  }),
);

/**
 * POST `{ message }` (the owner): appeals a moderator's takedown of the character (decision 026). It
 * reaches Mod Central as an appeal; a moderator lifts the takedown or keeps it. 201; 400 when nothing
 * is held; 409 while an appeal is open.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create", schema }, async ({ context, user, params, body }) => {
  const { id } = await requireCharacterEditor(context.db, user, params.id);
  const appealed = await appealTakedown(context.db, user.id, id, body.message);
  if (appealed === "nothing") throw badRequest(MODERATION_MESSAGES.nothingToAppeal);
  if (!appealed) throw jsonError(409, MODERATION_MESSAGES.alreadyAppealed, { code: "already_appealed" });
  return created({ appealed: true, message: MODERATION_MESSAGES.appealSent });
});

export const loader = onlyMethods("POST");
