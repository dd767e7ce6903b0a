/**
 * A story is a tree of turns (decision 019), like a chat: each choice or action is a child of the
 * passage it answers, and the passage it brings is its child. Going back to an earlier passage and
 * choosing again adds a sibling branch; `stories.leaf_message_id` is the tip on screen. No statements
 * here: the browser shares this file. The tree's walks are lib/message-tree.ts, shared with chats.
 */
import { deepestFrom as newestTip, pathDownTo } from "~/lib/message-tree";

export type StoryNode = { id: string; parentId: string | null; createdAt: Date | string | number };

const time = (n: StoryNode) => new Date(n.createdAt).getTime();
const byAge = (a: StoryNode, b: StoryNode) => time(a) - time(b) || (a.id < b.id ? -1 : 1);

export const childrenOf = <T extends StoryNode>(all: T[], id: string | null) => all.filter((m) => m.parentId === id).sort(byAge);

/** The newest-child path down from a turn (the tree module's, over the turns in age order). */
export const deepestFrom = <T extends StoryNode>(all: T[], id: string) => newestTip([...all].sort(byAge), id);

/** The turns on screen, from the opening down to the leaf (the newest branch when the leaf is unknown). */
export function storyPath<T extends StoryNode>(all: T[], leafId: string | null): T[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  let leaf = leafId ? byId.get(leafId) : undefined;
  if (!leaf) {
    const root = childrenOf(all, null).at(-1);
    if (!root) return [];
    leaf = byId.get(deepestFrom(all, root.id));
  }
  return pathDownTo(byId, leaf);
}
