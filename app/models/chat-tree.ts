/**
 * A chat is a tree of messages (decision 010). The greeting and its alternates are sibling roots;
 * every reply, regeneration or edit adds a child or a sibling, so nothing is overwritten and every
 * branch stays reachable. `saved_chats.leaf_message_id` is the tip of the branch on screen. This file
 * is the tree's shape, without a statement: the browser shares it. The statements are chat.server.ts.
 */
import type { messages } from "~/db/schema";

export type MessageRow = typeof messages.$inferSelect;

export type ChatMessage = {
  id: string;
  parentId: string | null;
  role: "user" | "character" | "system";
  content: string;
  status: "complete" | "streaming" | "failed";
  error: string | null;
  model: string | null;
  /** Position among the message's siblings (1-based), their count and ids, for the ‹ 2/3 › control. */
  index: number;
  count: number;
  siblingIds: string[];
};

/** Longer than the longest allowed generation (TEXT_TIMEOUT_SECONDS is at most 600). */
const STALE_STREAM_MS = 11 * 60_000;

export const siblingsOf = (all: MessageRow[], parentId: string | null) => all.filter((m) => m.parentId === parentId);

/**
 * A reply still "streaming" long after any writer would have finished was cut off (the Worker went
 * away): it is shown as failed, so the person can press Retry, which writes it again in place.
 */
export const isStale = (m: Pick<MessageRow, "status" | "createdAt">, now = Date.now()) =>
  m.status === "streaming" && now - m.createdAt.getTime() > STALE_STREAM_MS;

/** The newest-child path down from a message: where a branch's tip is. */
export function deepestFrom(all: MessageRow[], id: string) {
  let tip = id;
  for (;;) {
    const children = all.filter((m) => m.parentId === tip);
    if (!children.length) return tip;
    tip = children[children.length - 1].id;
  }
}

/** The messages on screen: from the root down to the leaf, each with its siblings. */
export function pathTo(all: MessageRow[], leafId: string | null, now = Date.now()): ChatMessage[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  let leaf = leafId && byId.has(leafId) ? byId.get(leafId)! : null;
  if (!leaf) {
    const root = all.find((m) => m.parentId === null);
    if (!root) return [];
    leaf = byId.get(deepestFrom(all, root.id))!;
  }
  const path: MessageRow[] = [];
  for (let m: MessageRow | undefined = leaf; m; m = m.parentId ? byId.get(m.parentId) : undefined) path.unshift(m);
  // Siblings grouped once, in the rows' order, so a long chat costs one pass rather than one per message.
  const children = new Map<string | null, MessageRow[]>();
  for (const m of all) {
    const group = children.get(m.parentId);
    if (group) group.push(m);
    else children.set(m.parentId, [m]);
  }
  return path.map((m) =>
    toChatMessage(
      m,
      children.get(m.parentId)!.map((s) => s.id),
      now,
    ),
  );
}

/** A stored message as the screen shows it, with its siblings' ids in order. */
export function toChatMessage(m: MessageRow, siblingIds: string[], now = Date.now()): ChatMessage {
  const stale = isStale(m, now);
  return {
    id: m.id,
    parentId: m.parentId,
    role: m.role,
    content: m.content,
    status: stale ? "failed" : m.status,
    error: stale ? "This reply was interrupted. Press Retry." : m.error,
    model: m.model,
    index: siblingIds.indexOf(m.id) + 1,
    count: siblingIds.length,
    siblingIds,
  };
}

/** A message and every message under it. */
export function branchBelow(all: MessageRow[], id: string) {
  const doomed = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const m of all) {
      if (!m.parentId || !doomed.has(m.parentId) || doomed.has(m.id)) continue;
      doomed.add(m.id);
      grew = true;
    }
  }
  return doomed;
}
