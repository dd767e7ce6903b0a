import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { exportChatFile } from "~/web/chat-files.server";
import { apiLoader } from "~/web/api.server";

/** GET: the branch on screen of the person's chat with the character (or `?chatId=`, one of their saved chats) as plain text (decision 046). */
export const loader = apiLoader(
  { auth: "user", query: z.lazy(() => z.object({ chatId: plain("id", z.string().max(64)).optional() })) },
  ({ context, user, params, query }) => exportChatFile(context, user, params.characterId, "txt", query.chatId),
);
