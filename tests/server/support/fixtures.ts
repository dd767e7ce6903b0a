/**
 * Rows for tests, written through the app's drizzle schema (so a renamed column breaks here, once,
 * and defaults come from the schema). Tests that need an exact state write rows with these helpers
 * instead of SQL of their own; SQL in tests is for reading what the app stored.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { userStore } from "~/models/user-store.server";
import { createDb } from "~/db/client.server";
import { characters, characterTags, contentTags, jobs, messages, personas, savedChats, tags, users } from "~/db/schema";
import { inArray } from "drizzle-orm";

export const testDb = () => createDb(env.DB);

type UserRow = typeof users.$inferInsert;
type CharacterRow = typeof characters.$inferInsert;
type MessageRow = Omit<typeof messages.$inferInsert, "chatId" | "parentId">;

/** A user row (no session): the name defaults to the address's local part. */
export async function insertUser(fields: Partial<UserRow> & { email: string }) {
  const [row] = await testDb()
    .insert(users)
    .values({ name: fields.email.split("@")[0], ...fields })
    .returning({ id: users.id });
  return row.id;
}

/** The tag tables are demo data; tests that need tags insert the ones they use. */
export async function insertTags(names: string[], contentNames: string[] = []) {
  const db = testDb();
  if (names.length)
    await db
      .insert(tags)
      .values(names.map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() })))
      .onConflictDoNothing();
  if (contentNames.length)
    await db
      .insert(contentTags)
      .values(contentNames.map((name, i) => ({ id: i + 1, name })))
      .onConflictDoNothing();
}

/**
 * A character row, public unless told otherwise, with the named tags (which must exist). A public
 * character without a release date is released now. Answers its id.
 */
export async function insertCharacter(fields: Partial<CharacterRow> & { name: string; tags?: string[] }) {
  const { tags: tagNames = [], ...row } = fields;
  const isPublic = row.isPublic ?? true;
  const db = testDb();
  const [{ id }] = await db
    .insert(characters)
    .values({ ...row, isPublic, releaseDate: row.releaseDate ?? (isPublic ? new Date() : null) })
    .returning({ id: characters.id });
  if (tagNames.length) {
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.name, tagNames));
    if (found.length !== tagNames.length) throw new Error(`insertCharacter: insert the tags ${tagNames.join(", ")} first`);
    await db.insert(characterTags).values(found.map((tag) => ({ characterId: id, tagId: tag.id })));
  }
  return id;
}

/**
 * A saved chat whose messages follow one another (each the parent of the next); the last one is
 * the chat's leaf. Answers the chat's id and its messages' ids in order. It is written where chats
 * stood before they moved (D1) and moved into the user's own object by the move's own code.
 */
export async function insertChat(fields: { userId: string; characterId: string; id?: string; title?: string; selected?: boolean; messages?: MessageRow[] }) {
  const db = testDb();
  const ids = (fields.messages ?? []).map((m) => m.id ?? crypto.randomUUID().replace(/-/g, "").slice(0, 16));
  const [{ id: chatId }] = await db
    .insert(savedChats)
    .values({
      id: fields.id,
      userId: fields.userId,
      characterId: fields.characterId,
      title: fields.title,
      selected: fields.selected,
      leafMessageId: ids.at(-1),
    })
    .returning({ id: savedChats.id });
  const rows = (fields.messages ?? []).map((m, i) => ({ ...m, id: ids[i], chatId, parentId: i ? ids[i - 1] : null }));
  // D1 binds at most 100 values a statement: a long chat goes in a dozen messages at a time.
  for (let i = 0; i < rows.length; i += 12) await db.insert(messages).values(rows.slice(i, i + 12));
  await userStore(env, fields.userId).moveFromD1(fields.userId);
  return { chatId, messageIds: ids };
}

/** Rows read from a user's own object (their chats live there): SQL in tests is for reading what the app stored. */
export function storeRows<T = Record<string, unknown>>(userId: string, query: string, ...bindings: unknown[]) {
  return runInDurableObject(userStore(env, userId), (_instance, state) => state.storage.sql.exec(query, ...bindings).toArray() as T[]);
}

/** The first row's first column (a count, a status), or undefined. */
export async function storeValue<T = unknown>(userId: string, query: string, ...bindings: unknown[]) {
  const [row] = await storeRows(userId, query, ...bindings);
  return (row ? Object.values(row)[0] : undefined) as T | undefined;
}

export async function insertPersona(fields: typeof personas.$inferInsert) {
  const [row] = await testDb().insert(personas).values(fields).returning({ id: personas.id });
  return row.id;
}

export async function insertJob(fields: Partial<typeof jobs.$inferInsert> & { type: string }) {
  const [row] = await testDb()
    .insert(jobs)
    .values({ input: {}, ...fields })
    .returning({ id: jobs.id });
  return row.id;
}

/** Sets how many messages (or pictures) a user has left, in their object, resetting an hour from now unless told. */
export async function setAllowance(userId: string, token: number, resetAt = new Date(Date.now() + 3_600_000), kind: "message" | "image" = "message") {
  await userStore(env, userId).putAllowance(userId, kind, { token, resetAt });
}

/** How many messages (or pictures) a user has left, as their object holds it; undefined before the first use. */
export const allowanceLeft = (userId: string, kind: "message" | "image" = "message") =>
  storeValue<number>(userId, "SELECT token FROM allowances WHERE kind = ?", kind);

/** When a user's allowance refills (ms), as their object holds it. */
export const allowanceResetAt = (userId: string, kind: "message" | "image" = "message") =>
  storeValue<number>(userId, "SELECT reset_at FROM allowances WHERE kind = ?", kind);
