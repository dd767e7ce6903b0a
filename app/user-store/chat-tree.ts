/**
 * A chat is a tree of messages (decision 010). The greeting and its alternates are sibling roots;
 * every reply, regeneration or edit adds a child or a sibling, so nothing is overwritten and every
 * branch stays reachable. A chat's `leaf_message_id` is the tip of the branch on screen. This file is
 * the tree's shape, without a statement: the browser shares it. The statements are in the user's
 * own object (app/user-store/chats.ts).
 */
import { NOTHING_USED, type MemoryUsed } from "~/lib/chat/recall";
import { CHAT_MESSAGES } from "~/spec/messages";
import { childrenByParent, deepestFrom, pathDownTo } from "~/lib/message-tree";
import type { MessageRow } from "~/user-store/schema";

export type { MessageRow };
/**
 * A message of the page's window, with its place among its siblings: how many there are, its position
 * (1-based), and the ids of the versions just before and after it. Never the whole list: a message can
 * have any number of versions, and a read of a chat stays bounded however wide it grew (issue 58).
 */
export type WindowRow = MessageRow & {
  siblingCount: number;
  siblingIndex: number;
  previousId: string | null;
  nextId: string | null;
  branched: number | boolean;
};

/** A message's place among its versions, for the ‹ 2/3 › control. */
export type SiblingPlace = { index: number; count: number; previousId: string | null; nextId: string | null };

/** The place of `id` among `siblingIds` (in order). */
export function placeAmong(siblingIds: string[], id: string): SiblingPlace {
  const at = siblingIds.indexOf(id);
  return { index: at + 1, count: siblingIds.length, previousId: siblingIds[at - 1] ?? null, nextId: at < 0 ? null : (siblingIds[at + 1] ?? null) };
}

export type ChatMessage = {
  id: string;
  parentId: string | null;
  role: "user" | "character" | "system";
  content: string;
  status: "complete" | "streaming" | "failed";
  error: string | null;
  model: string | null;
  /** Position among the message's siblings (1-based), their count, and the versions either side, for the ‹ 2/3 › control. */
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
  /** The message has other versions, and one of them (this one or another) goes on with later messages: the chat branches here (issue 24). */
  branched?: boolean;
  /** In a group chat, the member who wrote it (decision 051). */
  speakerId?: string;
  /** The person stopped it before its end (issue 61). */
  stopped?: true;
  /** Stopped because the person spoke over it in a call (issue 63). */
  interrupted?: true;
  /** A character message: what it was written with (issue 62), "What it remembered". */
  memory?: MemoryUsed;
};

/**
 * The latest part of the branch on screen, as a change answers it (decision 072): its messages, root
 * side first, and how many of the branch come before them. The browser keeps what it already shows
 * above the first of them (mergeLatest).
 */
export type LatestPart = { messages: ChatMessage[]; earlier: number };

/**
 * A window the object read as the screen takes it, root side first, with how many of the branch come
 * before it: the latest of the branch on screen, or (`before`) the ones above that message, which the
 * window ends with. Null when `before` is not on the branch; empty when there is nothing to show (no
 * message yet, or a leaf that is gone).
 */
export function windowPart(opened: { all: MessageRow[]; branchLength?: number; chat: { leafMessageId: string | null } }, before?: string): LatestPart | null {
  const shown = opened.all.length ? toWindow(opened.all as WindowRow[], before ?? opened.chat.leafMessageId) : null;
  if (!shown) return before ? null : { messages: [], earlier: 0 };
  return { messages: before ? shown.slice(0, -1) : shown, earlier: Math.max(0, (opened.branchLength ?? 0) - shown.length) };
}

/** How many earlier messages the page loads each time the person scrolls up to them (decision 072). */
export const EARLIER_MESSAGES = 50;

/**
 * How many of the branch's latest messages the chat page carries (decision 025), and a change
 * answers (decision 072): more than a screen holds. The earlier ones come from
 * `GET /api/chats/:characterId` when the person scrolls up to them.
 */
export const PAGE_MESSAGES = 20;

/**
 * The messages on screen after an answer with the latest part of the branch: what the screen shows
 * above the answer's first message stays (those are its ancestors, which a change below them leaves
 * as they were), and the answer replaces the rest. An answer whose first message is not on screen
 * (another branch, or a screen that starts lower) is shown as it is. `earlier` is how many of the
 * branch are still above the list.
 */
export function mergeLatest(onScreen: ChatMessage[], part: { messages: ChatMessage[]; earlier?: number }): LatestPart {
  const earlier = part.earlier ?? 0;
  const first = part.messages[0];
  const at = first && earlier > 0 ? onScreen.findIndex((m) => m.id === first.id) : -1;
  if (at <= 0) return { messages: part.messages, earlier };
  return { messages: [...onScreen.slice(0, at), ...part.messages], earlier: Math.max(0, earlier - at) };
}

/** One run of messages without a fork, in the chat's tree of branches; a fork's versions are its children. */
export type BranchSegment = {
  /** The run's first message (a version of its parent's reply), and the tip its newest path leads to. */
  id: string;
  tipId: string;
  role: ChatMessage["role"];
  preview: string;
  /** How many messages the run holds, and how many the chat has from the start to its end. */
  length: number;
  depth: number;
  onScreen: boolean;
  children: BranchSegment[];
};

/** Longer than the longest allowed generation (TEXT_TIMEOUT_SECONDS is at most 600). */
const STALE_STREAM_MS = 11 * 60_000;

/**
 * A reply still "streaming" long after any writer would have finished was cut off (the Worker went
 * away): it is shown as failed, so the person can press Retry, which writes it again in place.
 */
export const isStale = (m: Pick<MessageRow, "status" | "createdAt">, now = Date.now()) =>
  m.status === "streaming" && now - m.createdAt.getTime() > STALE_STREAM_MS;

/** The messages on screen: from the root down to the leaf, each with its siblings. */
export function pathTo(all: MessageRow[], leafId: string | null, now = Date.now()): ChatMessage[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  let leaf = leafId && byId.has(leafId) ? byId.get(leafId)! : null;
  if (!leaf) {
    const root = all.find((m) => m.parentId === null);
    if (!root) return [];
    leaf = byId.get(deepestFrom(all, root.id))!;
  }
  const path = pathDownTo(byId, leaf);
  // Siblings grouped once, in the rows' order, so a long chat costs one pass rather than one per message.
  const children = childrenByParent(all);
  return path.map((m) => {
    const siblings = children.get(m.parentId)!;
    return toChatMessage(
      m,
      placeAmong(
        siblings.map((s) => s.id),
        m.id,
      ),
      now,
      siblings.length > 1 && siblings.some((s) => children.has(s.id)),
    );
  });
}

/** A stored message as the screen shows it, with its place among its versions. */
export function toChatMessage(m: MessageRow, place: SiblingPlace, now = Date.now(), branched = false): ChatMessage {
  const stale = isStale(m, now);
  return {
    id: m.id,
    parentId: m.parentId,
    role: m.role,
    content: m.content,
    status: stale ? "failed" : m.status,
    error: stale ? CHAT_MESSAGES.replyInterrupted : m.error,
    model: m.model,
    index: place.index,
    count: place.count,
    previousId: place.previousId,
    nextId: place.nextId,
    ...(branched ? { branched } : {}),
    ...(m.speakerId ? { speakerId: m.speakerId } : {}),
    ...(m.stopped && m.status === "complete" ? { stopped: true as const } : {}),
    ...(m.interrupted && m.status === "complete" ? { interrupted: true as const } : {}),
    ...(m.role === "character" ? { memory: m.memory ?? NOTHING_USED } : {}),
  };
}

/** The window rows in order, root side first, as the screen shows them; null when they do not form a branch down to the leaf. */
export function toWindow(rows: WindowRow[], leafId: string | null, now = Date.now()): ChatMessage[] | null {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered: WindowRow[] = [];
  for (let m = leafId ? byId.get(leafId) : undefined; m; m = m.parentId ? byId.get(m.parentId) : undefined) ordered.unshift(m);
  if (!ordered.length || ordered.length !== rows.length) return null;
  return ordered.map((m) => toChatMessage(m, { index: m.siblingIndex, count: m.siblingCount, previousId: m.previousId, nextId: m.nextId }, now, !!m.branched));
}

const PREVIEW_CHARS = 90;
/** How much of a message a preview is usually made from: 90 characters, once runs of spaces and line breaks are one space, with room to spare. */
export const PREVIEW_SOURCE_CHARS = 400;
/** What the branches view needs of a message: its start at least; `cut` when `content` is only its start. */
export type OutlineRow = Pick<MessageRow, "id" | "parentId" | "role" | "content"> & { cut?: boolean };

/**
 * A run's preview. From a message's start it is the same as from the whole text whenever the start
 * already fills it (it ends with "…"); otherwise a cut message (mostly spaces and line breaks at first)
 * is read whole through `whole`.
 */
function previewOf(row: OutlineRow, whole?: (id: string) => string) {
  const shown = preview(row.content);
  return row.cut && whole && !shown.endsWith("…") ? preview(whole(row.id)) : shown;
}
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : flat;
};

/**
 * The chat's branches as a tree of runs: a run goes on while a message has one reply and ends where
 * it has several (each version starts a run of its own). A swipe of the last reply is a run of one
 * message. Walked without recursion, so a chat of any length costs one pass.
 */
export function branchTree(all: OutlineRow[], leafId: string | null, whole?: (id: string) => string): BranchSegment[] {
  const children = childrenByParent(all);
  const tipFrom = (id: string) => {
    for (let next = children.get(id); next?.length; next = children.get(id)) id = next[next.length - 1].id;
    return id;
  };
  const byId = new Map(all.map((m) => [m.id, m]));
  const onPath = new Set<string>();
  for (let m = leafId ? byId.get(leafId) : undefined; m; m = m.parentId ? byId.get(m.parentId) : undefined) onPath.add(m.id);

  const roots: BranchSegment[] = [];
  const work: { first: OutlineRow; into: BranchSegment[]; before: number }[] = (children.get(null) ?? []).map((first) => ({ first, into: roots, before: 0 }));
  for (let at = 0; at < work.length; at++) {
    const { first, into, before } = work[at];
    let end = first;
    let length = 1;
    for (let next = children.get(end.id); next?.length === 1; next = children.get(end.id)) {
      end = next[0];
      length++;
    }
    const segment: BranchSegment = {
      id: first.id,
      tipId: tipFrom(end.id),
      role: first.role,
      preview: previewOf(first, whole),
      length,
      depth: before + length,
      onScreen: onPath.has(first.id),
      children: [],
    };
    into.push(segment);
    for (const child of children.get(end.id) ?? []) work.push({ first: child, into: segment.children, before: segment.depth });
  }
  return roots;
}
