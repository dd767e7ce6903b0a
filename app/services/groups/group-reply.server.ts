/**
 * One turn of a group chat (issue 26, decision 051): the person's message (or none: "let a character
 * speak"), who answers (speaker.ts), and that member's reply, written in the person's object like a
 * chat reply (decision 040) and streamed to the page the same way. A swipe asks the same member again.
 */
import type { AppLoadContext } from "react-router";
import * as z from "zod";
import type { Passed } from "~/lib/safety/screened";
import { isId } from "~/db/ids";
import { usableModel, type Capabilities } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { admitReply, generationOptions, givingBackOnFailure } from "~/services/chat/reply.server";
import { streamReply } from "~/services/chat/stream-reply.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { chatIdentity, chatPersona } from "~/lib/personas";
import { readLorebook, selectLore } from "~/lib/lorebook";
import { plain, screened } from "~/lib/safety/form-rules";
import { refundMessage } from "~/models/allowance.server";
import { addSwipe, findOwnMessage, reopenForContinue, retryInPlace } from "~/models/chat.server";
import { toWindow, type WindowRow } from "~/user-store/chat-tree";
import { appendGroupTurn, groupView, type GroupOwner } from "~/models/groups.server";
import { accountSelfQuery, personasQuery } from "~/models/persona.server";
import { storyCharacters } from "~/models/story.server";
import { groupChatKey } from "~/user-store/groups";
import type { GroupRow } from "~/user-store/schema";
import { GROUP_MESSAGES } from "~/spec/groups";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { clampLength } from "~/spec/models";
import { recallFromMemory } from "~/lib/chat/memory-recall";
import { askRecall, chooseRecalled, planWithRecalled } from "~/lib/chat/recall";
import { recallMoments } from "~/models/memory.server";
import { summaryJob, summaryOnBranch } from "~/lib/chat/summary";
import { planGroupPrompt } from "~/lib/groups/group-prompt";
import { nextSpeaker, type Turn } from "~/lib/groups/speaker";

type Who = { user: SessionUser; can: Capabilities };
type GenerationOptions = Passed<typeof generationOptions>;

/** How many of the latest messages a turn reads: who spoke lately, and what the prompt can hold. */
const HISTORY_WINDOW = 60;

export const groupSendSchema = z.lazy(() =>
  generationOptions.unwrap().extend({
    /** The person's message; none means a character speaks on their own (Continue the scene). */
    content: screened("chat.message", z.string().trim().max(LIMITS.messageMax, CHAT_MESSAGES.tooLong(LIMITS.messageMax))).optional(),
    /** Who answers, picked in the "Who's next" row (required in manual mode). */
    speakerId: plain("id", z.string().max(64)).nullable().optional(),
    /** The message this one follows (an earlier one starts a branch, as an edit of the person's message does); the last by default. */
    parentId: plain("id", z.string().max(64)).nullable().optional(),
  }),
);

const turnOf = (m: { id: string; role: Turn["role"]; speakerId?: string | null; content: string }): Turn => ({
  id: m.id,
  role: m.role,
  speakerId: m.speakerId ?? null,
  content: m.content,
});

/** The group (with its latest messages in order) and one message taken from the allowance, side by side; 404 with it given back when there is no such group. */
async function openGroup(context: AppLoadContext, who: Who, groupId: string | undefined) {
  if (!isId(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const owner: GroupOwner = { env: context.env, userId: who.user.id };
  const [viewed, admitted] = await Promise.allSettled([groupView(owner, groupId, HISTORY_WINDOW), admitReply(context, who)]);
  if (admitted.status === "rejected") throw admitted.reason;
  const reservation = admitted.value;
  if (viewed.status === "rejected" || !viewed.value) {
    if (reservation) await refundMessage(context.env, reservation, context.config.allowance);
    if (viewed.status === "rejected") throw viewed.reason;
    throw notFound(GROUP_MESSAGES.notFound);
  }
  const { group, opened, memory, summaries } = viewed.value;
  const onScreen = (opened.all.length && toWindow(opened.all as WindowRow[], opened.chat.leafMessageId)) || [];
  return { owner, group, groupId, onScreen, reservation, memory, summaries };
}

/** The members who can speak now (not muted, still available), with their cards, and the person as characters know them. */
async function membersAndSelf(context: AppLoadContext, who: Who, group: GroupRow) {
  const db = context.db;
  const [characters, [personas, [self]]] = await Promise.all([
    storyCharacters(
      db,
      who.user,
      group.members.map((m) => m.id),
    ),
    db.batch([personasQuery(db, who.user.id), accountSelfQuery(db, who.user.id)]),
  ]);
  // A member who was deleted or made private stays in the transcript and no longer speaks.
  const available = new Map(characters.map((c) => [c.id, c]));
  const speakers = group.members.filter((m) => !m.muted && available.has(m.id)).map((m) => ({ id: m.id, name: m.name }));
  const me = chatIdentity(chatPersona(personas, null), self ?? { name: who.user.name }, FALLBACK_USER_NAME);
  return { available, speakers, me };
}

/** Streams `speakerId`'s reply `replyId`, after the branch `branch`, with the group's prompt. */
async function writeGroupReply(
  context: AppLoadContext,
  opened: Pick<Awaited<ReturnType<typeof openGroup>>, "owner" | "group" | "groupId" | "reservation" | "memory" | "summaries">,
  cast: Awaited<ReturnType<typeof membersAndSelf>>,
  turn: {
    speakerId: string;
    chatId: string;
    replyId: string;
    userMessageId: string | null;
    branch: Turn[];
    model: ReturnType<typeof usableModel>;
    /** Continue: the reply's text so far, which the new text is appended to (the branch ends with it). */
    prefix?: string;
  },
  options: GenerationOptions,
) {
  const { group } = opened;
  const card = cast.available.get(turn.speakerId)!;
  const maxTokens = clampLength(turn.model, options.responseLength);
  const others = group.members.filter((m) => m.id !== card.id && cast.available.has(m.id)).map((m) => cast.available.get(m.id)!);
  // The running summary of this branch stands for the messages up to its point (decision 045).
  const { text: summary, after } = summaryOnBranch(opened.summaries, turn.branch as { id: string }[]);
  const history = turn.branch.slice(after).filter((t) => t.content || t.role !== "character");
  const names = new Map(group.members.map((m) => [m.id, m.name]));
  const input = {
    speaker: card,
    others,
    scenario: group.scenario,
    userName: cast.me.name,
    userPersona: cast.me.persona,
    names,
    memory: opened.memory.map((pin) => pin.text),
    summary,
    maxTokens,
  };
  const { contextTokens, recallTokens } = context.config.text;
  // Recall (issue 62), as in a chat: older moments the last turns call up, in the share of the context set aside for them.
  const spoken = history.filter((t) => t.role !== "system" && t.content.trim());
  const windowStart = planGroupPrompt({ ...input, history, contextTokens: contextTokens - recallTokens }).dropped.length;
  const ask = recallTokens > 0 ? askRecall(spoken, windowStart, after > 0) : null;
  const lastId = turn.branch.at(-1)?.id;
  const moments = ask && lastId ? await recallMoments(opened.owner, turn.chatId, lastId, ask) : [];
  const found = chooseRecalled(moments, {
    window: spoken.slice(windowStart),
    pinned: opened.memory.map((pin) => pin.messageId),
    budget: recallTokens,
    nameOf: (m) => (m.role === "user" ? cast.me.name : (names.get(m.speakerId ?? "") ?? "Someone")),
  });
  const { planned, dropped } = planWithRecalled(spoken, windowStart, found, (shown, recalled) =>
    planGroupPrompt({ ...input, history: shown, recalled, contextTokens }),
  );
  const { messages: prompt } = planned;
  // What falls out of the prompt is folded into the group's summary after the reply: the person's
  // lines as theirs, each member's with their name.
  const told = history
    .filter((t) => t.role !== "system" && t.content.trim())
    .map((t) => ({
      id: t.id!,
      role: t.role,
      content: t.role === "character" ? `${names.get(t.speakerId ?? "") ?? ""}: ${t.content}` : t.content,
    }));
  const summarize = summaryJob(told, dropped, summary, { user: cast.me.name, character: group.name });
  const lastWords = history.filter((t) => t.role === "user").at(-1)?.content ?? "";
  // What the reply answers: the last words before it (for Continue, before the reply being continued).
  const last = (turn.prefix ? turn.branch.slice(0, -1) : turn.branch).filter((t) => t.role !== "system" && t.content.trim()).at(-1);
  const book = readLorebook((card.cardExtras as { character_book?: unknown } | null)?.character_book);
  return await streamReply(context, opened.owner, {
    characterId: card.id,
    liveKey: groupChatKey(opened.groupId),
    chatId: turn.chatId,
    replyId: turn.replyId,
    userMessageId: turn.userMessageId,
    prefix: turn.prefix ?? "",
    prompt,
    model: turn.model,
    maxTokens,
    character: {
      name: card.name,
      persona: card.persona,
      scenario: group.scenario || card.scenario,
      exampleDialogue: card.exampleDialogue,
      tags: card.tags,
      userName: cast.me.name,
      lore: last ? selectLore(book, [last.content], 2_000) : [],
      // The offline writer answers the last words said, whoever said them, and may turn to the others.
      answering: last?.content ?? "",
      others: others.map((o) => o.name),
      recalled: recallFromMemory(lastWords, opened.memory, summary, cast.me.name),
    },
    reservation: opened.reservation,
    summarize,
    used: { pins: opened.memory.map((pin) => pin.id), recalled: found.recalled, summary: !!summary, lore: planned.lore },
  });
}

/** A group's reply (after the person's message, if any), streamed as server-sent events like a chat's (lib/chat/events.ts). */
export async function sendToGroup(context: AppLoadContext, who: Who, groupId: string | undefined, body: Passed<typeof groupSendSchema>) {
  const opened = await openGroup(context, who, groupId);
  return await givingBackOnFailure(context, opened.reservation, async () => {
    const cast = await membersAndSelf(context, who, opened.group);
    if (!cast.speakers.length) throw badRequest(GROUP_MESSAGES.nobodyToSpeak);
    if (body.speakerId && !cast.speakers.some((s) => s.id === body.speakerId)) throw badRequest(GROUP_MESSAGES.notAMember);
    const content = body.content || null;
    // Who spoke lately, on the branch this turn goes on (an earlier parent starts a new branch there).
    const cut = body.parentId ? opened.onScreen.findIndex((m) => m.id === body.parentId) + 1 : opened.onScreen.length;
    const history = opened.onScreen.slice(0, cut || opened.onScreen.length).map(turnOf);
    if (content) history.push({ role: "user", speakerId: null, content });
    // Manual mode asks who answers the person; "Continue the scene" (no message) lets the group decide.
    const mode = opened.group.mode === "manual" && !content ? "natural" : opened.group.mode;
    const speaker = nextSpeaker({ speakers: cast.speakers, mode, history, pick: body.speakerId });
    if (!speaker) throw badRequest(GROUP_MESSAGES.pickSpeaker);
    const model = usableModel(who.can, null);
    const appended = await appendGroupTurn(opened.owner, { groupId: opened.groupId, content, speakerId: speaker.id, model, parentId: body.parentId });
    if (!appended) throw badRequest(CHAT_MESSAGES.parentGone);
    const turn = {
      speakerId: speaker.id,
      chatId: appended.chatId,
      replyId: appended.replyId,
      userMessageId: appended.userMessage?.id ?? null,
      branch: appended.branch.map(turnOf),
      model,
    };
    return await writeGroupReply(context, opened, cast, turn, body);
  });
}

/** Another version of a member's reply (a swipe), by the same member; a failed one is written again in place (Retry). */
export async function regenerateInGroup(context: AppLoadContext, who: Who, params: { id?: string; messageId?: string }, options: GenerationOptions) {
  const opened = await openGroup(context, who, params.id);
  return await givingBackOnFailure(context, opened.reservation, async () => {
    const target = params.messageId ? await findOwnMessage(opened.owner, params.messageId) : null;
    if (!target || target.characterId !== groupChatKey(opened.groupId)) throw notFound(CHAT_MESSAGES.messageNotFound);
    if (target.role !== "character" || !target.speakerId) throw badRequest(CHAT_MESSAGES.onlyCharacterRegenerates);
    if (!target.parentId) throw badRequest(CHAT_MESSAGES.greetingCantRegenerate);
    const cast = await membersAndSelf(context, who, opened.group);
    if (!cast.speakers.some((s) => s.id === target.speakerId)) throw badRequest(GROUP_MESSAGES.notAMember);
    const model = usableModel(who.can, null);
    const replyId =
      target.status === "failed"
        ? (await retryInPlace(opened.owner, { chatId: target.chatId, replyId: target.id, model }), target.id)
        : await addSwipe(opened.owner, { chatId: target.chatId, target, model });
    if (!replyId) throw notFound(CHAT_MESSAGES.messageNotFound);
    const upTo = opened.onScreen.findIndex((m) => m.id === target.parentId);
    const branch = (upTo >= 0 ? opened.onScreen.slice(0, upTo + 1) : opened.onScreen.filter((m) => m.id !== target.id)).map(turnOf);
    const turn = { speakerId: target.speakerId, chatId: target.chatId, replyId, userMessageId: null, branch, model };
    return await writeGroupReply(context, opened, cast, turn, options);
  });
}

/** A member goes on from where their finished reply stops; the new text is appended to it, as in a chat. */
export async function continueInGroup(context: AppLoadContext, who: Who, params: { id?: string; messageId?: string }, options: GenerationOptions) {
  const opened = await openGroup(context, who, params.id);
  return await givingBackOnFailure(context, opened.reservation, async () => {
    const target = params.messageId ? await findOwnMessage(opened.owner, params.messageId) : null;
    if (!target || target.characterId !== groupChatKey(opened.groupId)) throw notFound(CHAT_MESSAGES.messageNotFound);
    if (target.role !== "character" || target.status !== "complete" || !target.speakerId) throw badRequest(CHAT_MESSAGES.onlyFinishedContinues);
    if (target.content.length >= LIMITS.messageMax) throw badRequest(CHAT_MESSAGES.atLengthLimit(LIMITS.messageMax));
    const cast = await membersAndSelf(context, who, opened.group);
    if (!cast.speakers.some((s) => s.id === target.speakerId)) throw badRequest(GROUP_MESSAGES.notAMember);
    const upTo = opened.onScreen.findIndex((m) => m.id === target.id);
    if (upTo < 0) throw badRequest(CHAT_MESSAGES.onlyFinishedContinues);
    await reopenForContinue(opened.owner, target.id);
    const branch = opened.onScreen.slice(0, upTo + 1).map(turnOf);
    const turn = {
      speakerId: target.speakerId,
      chatId: target.chatId,
      replyId: target.id,
      userMessageId: null,
      branch,
      model: usableModel(who.can, null),
      prefix: target.content,
    };
    return await writeGroupReply(context, opened, cast, turn, options);
  });
}
