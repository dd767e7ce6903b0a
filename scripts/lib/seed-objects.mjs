// Writes seeded chats straight into each person's own object (decision 052): the bundle is served in
// Miniflare over the same state folder the app will use, and each owner's rows go to their object
// through the `takeRows` call of the seeds' own Worker (decision 086; the deployed object has none) (insert or ignore, so a second seed adds nothing). It listens on a free
// port of 127.0.0.1 only while it writes, and nothing else may use the state folder meanwhile.
import { serveBundle } from "./serve-bundle.mjs";

/**
 * A Map of owner id → { chats, messages, stories, storyTurns, allowances }. Answers the totals written
 * and the ids of the chats that are new. `afterwards(db, newChats)`, when given, then runs with the
 * same Worker's D1 binding, before it stops (the seed writes what D1 counts of the new chats there).
 */
export async function intoObjects({ bundle, state, byOwner, parallel = 8, afterwards }) {
  const mf = await serveBundle({ bundle, state, port: 0, seeding: true });
  const totals = { owners: byOwner.size, chats: 0, messages: 0, stories: 0, storyTurns: 0 };
  const newChats = new Set();
  try {
    const namespace = await mf.getDurableObjectNamespace("USER_STORE", "reverie");
    const owners = [...byOwner.keys()];
    const next = async () => {
      for (let owner = owners.pop(); owner; owner = owners.pop()) {
        const stub = namespace.get(namespace.idFromName(owner));
        const written = await stub.takeRows(owner, byOwner.get(owner));
        for (const key of ["chats", "messages", "stories", "storyTurns"]) totals[key] += written[key];
        for (const id of written.newChats) newChats.add(id);
      }
    };
    await Promise.all(Array.from({ length: parallel }, next));
    if (afterwards) await afterwards(await mf.getD1Database("DB"), newChats);
  } finally {
    await mf.dispose();
  }
  return { ...totals, newChats };
}

/** The rows of one owner in `byOwner`, made on first use. */
export function rowsOf(byOwner, owner) {
  let rows = byOwner.get(owner);
  if (!rows) byOwner.set(owner, (rows = { chats: [], messages: [], stories: [], storyTurns: [], allowances: [] }));
  return rows;
}
