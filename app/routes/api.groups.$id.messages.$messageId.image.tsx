import { groupPicture } from "~/services/images/chat-picture.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: a picture of this moment of a group chat, of the member who wrote the message: 202 `{ jobId }`, as in a chat. */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ context, user, can, params }) => {
  const queued = await groupPicture(context, { user, can }, params);
  return Response.json(queued, { status: 202, headers: { "Cache-Control": "private, no-store" } });
});

export const loader = onlyMethods("POST");
