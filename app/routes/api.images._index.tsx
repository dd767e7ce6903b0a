import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { imageRequestSchema, queuePicture } from "~/services/images/request.server";
import { apiAction, apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { findOwnMessage } from "~/models/chat.server";
import { listPictures } from "~/models/images.server";
import { CHAT_MESSAGES } from "~/spec/messages";

/** GET: the user's own pictures, newest first, `?before=<id>` for the next page: `{ images, next }`. */
export const loader = apiLoader(
  { auth: "user", query: z.lazy(() => z.object({ before: plain("id", z.string()).optional() })) },
  async ({ context, user, query }) => {
    return await listPictures(context.db, user.id, isId(query.before) ? query.before : undefined);
  },
);

/**
 * POST `{ prompt, negativePrompt?, model, width?, height?, seed?, messageId? }`: 202 `{ jobId }` at
 * once; the picture is made on the JOBS queue (poll GET /api/status/:id). `messageId` puts it with a
 * message of one of the user's chats.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: imageRequestSchema }, async ({ context, user, body }) => {
  const message = body.messageId && isId(body.messageId) ? await findOwnMessage({ env: context.env, userId: user.id }, body.messageId) : undefined;
  if (body.messageId && !message) throw notFound(CHAT_MESSAGES.messageNotFound);
  const queued = await queuePicture(context, user, () => ({
    prompt: body.prompt,
    negativePrompt: body.negativePrompt,
    model: body.model,
    width: body.width,
    height: body.height,
    seed: body.seed,
    characterId: message?.characterId ?? null,
    messageId: message?.id ?? null,
  }));
  return Response.json(queued, { status: 202, headers: { "Cache-Control": "private, no-store" } });
});
