import { chatPicture } from "~/services/images/chat-picture.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * POST: a picture of this moment of the chat (the camera button, or Auto Image Generation). The
 * user's image mode builds the prompt and their image style picks the model: 202 `{ jobId }`.
 */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ context, user, can, params }) => {
  const queued = await chatPicture(context, { user, can }, params);
  return Response.json(queued, { status: 202, headers: { "Cache-Control": "private, no-store" } });
});

export const loader = onlyMethods("POST");
