import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { toggleVote, type VoteKind } from "~/models/votes.server";
import { requireMethod } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { notFound } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";

/** POST /api/characters/:id/upvote and /favorite: toggles, answers the updated character. */
export function voteAction(kind: VoteKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    requireMethod(request, "POST");
    const user = await requireUser(request, context);
    await requireCsrf(request, context);
    const character = isId(params.id) ? await toggleVote(context.db, user.id, params.id, kind) : null;
    if (!character) return notFound("Character not found");
    return Response.json(character);
  };
}
