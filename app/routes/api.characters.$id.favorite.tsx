import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { toggleVote } from "~/models/votes.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** POST: toggles this user's favorite on a character they can see; answers the updated character. */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ context, user, params }) => {
  const character = isId(params.id) ? await toggleVote(context.db, user.id, params.id, "favorite") : null;
  if (!character) throw notFound(CHARACTER_MESSAGES.notFound);
  return character;
});

export const loader = onlyMethods("POST");
