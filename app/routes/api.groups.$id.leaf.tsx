import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { requireGroupMessage } from "~/services/groups/group-message.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { showBranch } from "~/models/chat.server";
import { CHAT_MESSAGES } from "~/spec/messages";

const schema = z.lazy(() => z.object({ messageId: plain("id", z.string().min(1, CHAT_MESSAGES.pickMessage).max(64)) }));

/**
 * PUT `{ messageId }`: show the group conversation's branch through that message (a swipe, or another version of an edit).
 * Answers the latest of it, `{ messages, earlier }` (decision 072).
 */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema }, async ({ context, user, params, body }) => {
  const { owner, target } = await requireGroupMessage(context, user, params.id, body.messageId);
  const shown = await showBranch(owner, target.chatId, target.id);
  if (!shown) throw notFound(CHAT_MESSAGES.messageNotFound);
  return shown;
});

export const loader = onlyMethods("PUT");
