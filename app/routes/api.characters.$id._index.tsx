import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { canEditCharacter } from "~/lib/auth/capabilities";
import { getSessionUser } from "~/lib/auth/session.server";
import { SAFETY_CHECKED_FIELDS } from "~/lib/forms/character";
import { findUnsafe } from "~/lib/safety";
import { reportRefusedEdit } from "~/models/moderation.server";
import { MODERATION_MESSAGES } from "~/spec/moderation";
import { assertTakedownAllows, requireCharacterEditor } from "~/lib/auth/character-access.server";
import { refuseDeclinedGuest } from "~/lib/auth/permissions.server";
import { characterInputSchema } from "~/lib/forms/character";
import { apiAction, apiLoader } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { getCharacterDetails } from "~/models/character-details.server";
import { characterOwner, deleteCharacter, getCharacterForEdit, updateCharacter } from "~/models/character-write.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** GET: the character's details (the details panel's Overview), with the visibility rules applied. */
export const loader = apiLoader({ auth: "public" }, async ({ request, context, user, params }) => {
  refuseDeclinedGuest(request, user);
  const details = isId(params.id) ? await getCharacterDetails(context, params.id, user) : null;
  if (!details) throw notFound(CHARACTER_MESSAGES.notFound);
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

/** The words of an edit the safety check refuses, if this user may edit this character; null otherwise. */
async function refusedEdit(request: Request, context: AppLoadContext, id: string | undefined) {
  const user = await getSessionUser(request, context);
  const owner = user && isId(id) ? await characterOwner(context.db, id) : undefined;
  if (!user || !owner || !canEditCharacter(user, owner)) return null;
  const body: unknown = await request.json().catch(() => null);
  if (!body || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  const texts = [...SAFETY_CHECKED_FIELDS.map((f) => fields[f]), ...(Array.isArray(fields.alternateGreetings) ? fields.alternateGreetings : [])];
  for (const text of texts) if (typeof text === "string" && findUnsafe(text)) return findUnsafe(text);
  return null;
}

/**
 * A later edit the safety check refuses is answered 400 as always, and the character is reported to
 * the moderators by the safety check itself (once while that report is open): it rises to the top
 * of the queue (decision 021).
 */
export async function action(args: ActionFunctionArgs) {
  const copy = args.request.method === "PUT" ? args.request.clone() : null;
  const response = await change(args);
  const status = response instanceof Response ? response.status : (response as { init?: { status?: number } }).init?.status;
  if (copy && status === 400) {
    const hit = await refusedEdit(copy as unknown as Request, args.context, args.params.id);
    if (hit) await reportRefusedEdit(args.context.db, args.params.id!, MODERATION_MESSAGES.safetyRefused(hit));
  }
  return response;
}
