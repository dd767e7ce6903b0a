/**
 * The one tree of messages that chats (decision 010) and stories (decision 019) share: each message
 * answers its parent, versions of a message are siblings, and a branch's tip is found by always
 * following the newest child. `all` comes oldest first (the order every store reads them in). Pure:
 * the browser shares this file.
 */
export type TreeNode = { id: string; parentId: string | null };

/** Each message's children, in the rows' order: one pass, however long the tree. */
export function childrenByParent<T extends TreeNode>(all: T[]) {
  const children = new Map<string | null, T[]>();
  for (const m of all) {
    const group = children.get(m.parentId);
    if (group) group.push(m);
    else children.set(m.parentId, [m]);
  }
  return children;
}

/** The newest-child path down from a message: where its branch's tip is. */
export function deepestFrom<T extends TreeNode>(all: T[], id: string) {
  const children = childrenByParent(all);
  let tip = id;
  for (let next = children.get(tip); next?.length; next = children.get(tip)) tip = next[next.length - 1].id;
  return tip;
}

/** The messages from the root down to `leaf`. */
export function pathDownTo<T extends TreeNode>(byId: Map<string, T>, leaf: T | undefined) {
  const path: T[] = [];
  for (let m = leaf; m; m = m.parentId ? byId.get(m.parentId) : undefined) path.push(m);
  return path.reverse();
}
