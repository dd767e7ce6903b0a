import type { AppLoadContext } from "react-router";
import type { ActionFunctionArgs } from "~/lib/http/route-args";
import { isId } from "~/db/ids";
import { canEditCharacter } from "~/lib/auth/capabilities";
import { getSessionUser } from "~/services/auth/session.server";
import { reportRefusedEdit } from "~/models/moderation.server";
import { MODERATION_MESSAGES } from "~/spec/moderation";
import { assertTakedownAllows, requireCharacterEditor } from "~/services/auth/character-access.server";
import { refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { characterInputSchema } from "~/lib/forms/character";
import { apiAction, apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { getCharacterDetails } from "~/models/character-details.server";
import { recordActivity } from "~/models/activity-events.server";
import { characterOwner, deleteCharacter, getCharacterForEdit, updateCharacter } from "~/models/character-write.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** GET: the character's details (the details panel's Overview), with the visibility rules applied. */
export const loader = apiLoader({ auth: "public" }, async ({ request, context, user, params }) => {
  refuseDeclinedGuest(request, user);
  const details = isId(params.id) ? await getCharacterDetails(context, params.id, user) : null;
  if (!details) throw notFound(CHARACTER_MESSAGES.notFound);
  // An open of its details, for its creator's figures (issue 64).
  recordActivity(context, [{ kind: "open", characterId: details.id }]);
  return details;
});

/** PUT: the owner replaces the character's fields (within what a moderator's takedown holds) and gets it back. DELETE removes it. */
const change = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: characterInputSchema } },
  async ({ request, context, user, params, body }) => {
    const character = await requireCharacterEditor(context.db, user, params.id);
    const { id } = character;
    if (request.method === "DELETE") {
      await deleteCharacter(context.db, context.env.MEDIA, id);
      return { id, deleted: true };
    }
    await assertTakedownAllows(context.db, character, body!);
    await updateCharacter(context.db, id, body!);
    return await getCharacterForEdit(context.db, id);
  },
);

/** The words of an edit the offline screen refuses (its field rules say so), if this user may edit this character; null otherwise. */
async function refusedEdit(request: Request, context: AppLoadContext, id: string | undefined) {
  const user = await getSessionUser(request, context);
  const owner = user && isId(id) ? await characterOwner(context.db, id) : undefined;
  if (!user || !owner || !canEditCharacter(user, owner)) return null;
  const body: unknown = await request.json().catch(() => null);
  const parsed = characterInputSchema.safeParse(body);
  if (parsed.success) return null;
  for (const issue of parsed.error.issues) {
    const params = (issue as { params?: { safety?: string; hit?: string } }).params;
    if (params?.safety && params.hit) return params.hit;
  }
  return null;
}

/**
 * A later edit the safety check refuses is answered 400 as always, and the character is reported to
 * the moderators by the safety check itself (once while that report is open): it rises to the top
 * of the queue (decision 021).
 */
async function reportingAction(args: ActionFunctionArgs) {
  const copy = args.request.method === "PUT" ? args.request.clone() : null;
  const response = await change(args);
  const status = response instanceof Response ? response.status : (response as { init?: { status?: number } }).init?.status;
  if (copy && status === 400) {
    const hit = await refusedEdit(copy as unknown as Request, args.context, args.params.id);
    if (hit) await reportRefusedEdit(args.context.db, args.params.id!, MODERATION_MESSAGES.safetyRefused(hit));
  }
  return response;
}

export const action = Object.assign(reportingAction, { input: change.input });
