import { z } from "zod";
import { requireChat, type OpenChat } from "~/lib/chat/reply.server";
import { SUMMARY_MAX_CHARS, summaryOnBranch } from "~/lib/chat/summary";
import { apiAction, apiLoader } from "~/lib/http/api.server";
import { badRequest } from "~/lib/http/http.server";
import { safeText } from "~/lib/safety";
import { clearMemory, editSummary } from "~/models/memory.server";
import { pathTo } from "~/models/chat-tree";
import { MEMORY_MESSAGES } from "~/spec/messages";

const summarySchema = z.object({
  summary: safeText(z.string().trim().min(1, MEMORY_MESSAGES.writeSummary).max(SUMMARY_MAX_CHARS, MEMORY_MESSAGES.summaryTooLong(SUMMARY_MAX_CHARS))),
});

/** The running summary of the branch on screen (decision 045). */
const summaryOnScreen = (chat: OpenChat) => summaryOnBranch(chat.summaries, pathTo(chat.all, chat.chat.leafMessageId));

/** What the character remembers of a chat: its memories, how much room is left, and the summary of the branch on screen (issue 25). */
const memoryOf = (chat: OpenChat, limit: number) => {
  const { text, throughMessageId } = summaryOnScreen(chat);
  return {
    pins: chat.memory,
    pinLimit: limit,
    pinsLeft: Math.max(0, limit - chat.memory.length),
    summary: text,
    summaryThroughMessageId: throughMessageId,
    summaryMax: SUMMARY_MAX_CHARS,
  };
};

/**
 * GET: the memories of the chat on screen with the character and its running summary,
 * `{ pins: [{ id, text, messageId }], pinLimit, pinsLeft, summary, summaryThroughMessageId, summaryMax }`.
 */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, can, params }) =>
  memoryOf(await requireChat(context, user, params.characterId), can.memoryPins),
);

/** PUT `{ summary }`: the person's edit of the summary on screen (400 while there is none yet). DELETE forgets every memory and summary; the messages stay. */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: summarySchema } },
  async ({ request, context, user, can, params, body }) => {
    const chat = await requireChat(context, user, params.characterId);
    if (request.method === "DELETE") {
      await clearMemory(chat.owner, chat.chatId);
      return memoryOf({ ...chat, memory: [], summaries: [] }, can.memoryPins);
    }
    const { throughMessageId } = summaryOnScreen(chat);
    if (!throughMessageId || !(await editSummary(chat.owner, chat.chatId, throughMessageId, body!.summary))) throw badRequest(MEMORY_MESSAGES.noSummaryYet);
    return memoryOf(
      { ...chat, summaries: chat.summaries.map((s) => (s.throughMessageId === throughMessageId ? { ...s, text: body!.summary } : s)) },
      can.memoryPins,
    );
  },
);
