/**
 * The memory calls (issue 25, decision 044), the same for a chat with one character and for a group
 * (decision 051): the route says which conversation (`MemoryTarget`); these do the rest.
 */
import type { AppLoadContext } from "react-router";
import * as z from "zod";
import type { SessionUser } from "~/lib/auth/session-user";
import { apiAction, apiLoader, created } from "~/web/api.server";
import { badRequest, jsonError, notFound } from "~/lib/http/http.server";
import { plain, screened } from "~/lib/safety/form-rules";
import { addPin, clearMemory, deletePin, editPin, editSummary, type MemoryPin } from "~/models/memory.server";
import { findOwnMessage, messagesIn, type ChatOwner } from "~/models/chat.server";
import { NOTHING_USED } from "~/lib/chat/recall";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, MEMORY_MESSAGES } from "~/spec/messages";
import { messagesToNextSummary, SUMMARY_MAX_CHARS, summaryOnBranch } from "~/lib/chat/summary";

/** A conversation's memory as a route finds it: whose, which chat, its memories and summaries, and its branch on screen. */
export type MemoryTarget = {
  owner: ChatOwner;
  chatId: string;
  memory: MemoryPin[];
  summaries: { throughMessageId: string; text: string }[];
  /** The branch on screen, root first: from the running summary's point is enough (summaryOnBranch). */
  path: { id: string; role?: string }[];
};
type Find = (context: AppLoadContext, user: SessionUser, params: Record<string, string | undefined>) => Promise<MemoryTarget>;

const pinText = z.lazy(() =>
  screened("memory.pin", z.string().trim().min(1, MEMORY_MESSAGES.writeFirst).max(LIMITS.memoryPinMax, MEMORY_MESSAGES.tooLong(LIMITS.memoryPinMax))),
);
const summarySchema = z.lazy(() =>
  z.object({
    summary: screened(
      "memory.summary",
      z.string().trim().min(1, MEMORY_MESSAGES.writeSummary).max(SUMMARY_MAX_CHARS, MEMORY_MESSAGES.summaryTooLong(SUMMARY_MAX_CHARS)),
    ),
  }),
);
/** Typed words, or a message of the conversation to remember. */
const pinSchema = z.lazy(() => z.union([z.object({ messageId: plain("id", z.string().min(1).max(64)) }), z.object({ text: pinText })]));

/** What is remembered: the memories, how much room is left, and the summary of the branch on screen, and when it is next updated. */
export function memoryOut(target: Pick<MemoryTarget, "memory" | "summaries" | "path">, limit: number) {
  const { text, throughMessageId, after } = summaryOnBranch(target.summaries, target.path);
  return {
    nextSummaryIn: messagesToNextSummary(target.path.slice(after).filter((m) => m.role !== "system").length),
    pins: target.memory,
    pinLimit: limit,
    pinsLeft: Math.max(0, limit - target.memory.length),
    summary: text,
    summaryThroughMessageId: throughMessageId,
    summaryMax: SUMMARY_MAX_CHARS,
  };
}

/**
 * GET: `{ pins: [{ id, text, messageId }], pinLimit, pinsLeft, summary, summaryThroughMessageId, summaryMax, nextSummaryIn }`.
 * PUT `{ summary }`: the person's edit of the summary on screen (400 while there is none yet).
 * DELETE forgets every memory and summary; the messages stay.
 */
export function memoryIndex(find: Find) {
  return {
    loader: apiLoader({ auth: "user" }, async ({ context, user, can, params }) => memoryOut(await find(context, user, params), can.memoryPins)),
    action: apiAction({ methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: summarySchema } }, async ({ request, context, user, can, params, body }) => {
      const target = await find(context, user, params);
      if (request.method === "DELETE") {
        await clearMemory(target.owner, target.chatId);
        return memoryOut({ ...target, memory: [], summaries: [] }, can.memoryPins);
      }
      const { throughMessageId } = summaryOnBranch(target.summaries, target.path);
      if (!throughMessageId || !(await editSummary(target.owner, target.chatId, throughMessageId, body!.summary)))
        throw badRequest(MEMORY_MESSAGES.noSummaryYet);
      const summaries = target.summaries.map((s) => (s.throughMessageId === throughMessageId ? { ...s, text: body!.summary } : s));
      return memoryOut({ ...target, summaries }, can.memoryPins);
    }),
  };
}

/**
 * GET: what a message of the conversation was written with (issue 62, "What it remembered"): `{ pins:
 * [{ id, text, messageId }], recalled: [{ id, role, content, speakerId }], summary: text | null, lore:
 * [key] }`, each list empty when nothing of it was used (a person's message used nothing). A memory
 * forgotten since, or a recalled message deleted since, is left out. 404 when the message is not in it.
 */
export function memoryUsed(find: Find) {
  return apiLoader({ auth: "user" }, async ({ context, user, params }) => {
    const target = await find(context, user, params);
    const message = await findOwnMessage(target.owner, params.messageId ?? "");
    if (!message || message.chatId !== target.chatId) throw notFound(CHAT_MESSAGES.messageNotFound);
    const used = message.memory ?? NOTHING_USED;
    const recalled = await messagesIn(target.owner, target.chatId, used.recalled);
    return {
      messageId: message.id,
      pins: target.memory.filter((pin) => used.pins.includes(pin.id)),
      recalled,
      summary: used.summary ? summaryOnBranch(target.summaries, target.path).text : null,
      lore: used.lore,
    };
  });
}

/**
 * POST `{ text }` or `{ messageId }`: a new memory (a pinned message keeps its first 250 characters).
 * 201 `{ id, pinsLeft }`; 409 when the conversation keeps as many as the plan allows, or the message is
 * remembered already.
 */
export function pinCreate(find: Find) {
  return apiAction({ methods: ["POST"], auth: "user", schema: pinSchema }, async ({ context, user, can, params, body }) => {
    const target = await find(context, user, params);
    const messageId = "messageId" in body ? body.messageId : undefined;
    const added = await addPin(target.owner, target.chatId, { text: "text" in body ? body.text : undefined, messageId }, can.memoryPins, LIMITS.memoryPinMax);
    if (added.ok) return created({ id: added.id, pinsLeft: Math.max(0, can.memoryPins - target.memory.length - 1) });
    if (added.reason === "full") throw jsonError(409, MEMORY_MESSAGES.full(can.memoryPins), { code: "memory_full" });
    if (added.reason === "already") throw jsonError(409, MEMORY_MESSAGES.already, { code: "already_remembered" });
    // The object looks for the message in the conversation, so an old one is found without the Worker reading it.
    if (added.reason === "no_message") throw notFound(CHAT_MESSAGES.messageNotFound);
    throw badRequest(MEMORY_MESSAGES.notFound);
  });
}

/** PATCH `{ text }` changes a memory's words; DELETE forgets it. 404 when it is not this conversation's. */
export function pinChange(find: Find) {
  return apiAction(
    { methods: ["PATCH", "DELETE"], auth: "user", schema: { PATCH: z.lazy(() => z.object({ text: pinText })) } },
    async ({ request, context, user, params, body }) => {
      const target = await find(context, user, params);
      const pinId = params.pinId ?? "";
      const done =
        request.method === "DELETE" ? await deletePin(target.owner, target.chatId, pinId) : await editPin(target.owner, target.chatId, pinId, body!.text);
      if (!done) throw notFound(MEMORY_MESSAGES.notFound);
      return { ok: true };
    },
  );
}
