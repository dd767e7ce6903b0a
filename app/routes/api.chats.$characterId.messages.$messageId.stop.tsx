import { z } from "zod";
import { requireChat, requireMessage } from "~/lib/chat/reply.server";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { censor } from "~/lib/safety";
import { stopReply } from "~/models/chat.server";

const schema = z.object({ content: z.string().max(100_000) });

/** POST `{ content }`: Stop. The reply keeps what was shown (and the message reserved for it); the writer notices and stops. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema }, async ({ context, user, params, body }) => {
  const chat = await requireChat(context, user, params.characterId);
  const target = requireMessage(chat, params.messageId);
  return { stopped: await stopReply(context.db, target.id, censor(body.content).trim() || "…") };
});

export const loader = onlyMethods("POST");
