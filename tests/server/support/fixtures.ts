/**
 * Rows for tests, written through the app's drizzle schema (so a renamed column breaks here, once,
 * and defaults come from the schema). Tests that need an exact state write rows with these helpers
 * instead of SQL of their own; SQL in tests is for reading what the app stored.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { userStore } from "~/models/user-store.server";
import { createDb } from "~/db/client.server";
import { characters, characterTags, contentTags, jobs, personas, tags, users } from "~/db/schema";
import { putAllowance, seedRows, type SeedRows } from "../../../scripts/lib/seed-store.mjs";
import { eq, inArray } from "drizzle-orm";
import type { ScreenedText } from "~/lib/safety/screened";

export const testDb = () => createDb(env.DB);

/**
 * A row as a test writes it: its texts as plain strings. Fixtures write rows straight to the database,
 * past the safety gate that every text of the app passes (issue 59); the app itself cannot.
 */
type Plain<T> = {
  [K in keyof T]: T[K] extends ScreenedText | null | undefined
    ? string | Exclude<T[K], ScreenedText>
    : T[K] extends ScreenedText[] | undefined
      ? string[]
      : T[K];
};
/** A fixture's texts as the stored type the gate makes (see Plain). */
const stored = <T>(row: Plain<T>) => row as unknown as T;

type UserRow = typeof users.$inferInsert;
type CharacterRow = typeof characters.$inferInsert;
type MessageRow = {
  id?: string;
  role: "user" | "character" | "system";
  content: string;
  status?: "complete" | "streaming" | "failed";
  error?: string | null;
  model?: string | null;
  createdAt?: Date;
};

/** A user row (no session): the name defaults to the address's local part. */
export async function insertUser(fields: Partial<Plain<UserRow>> & { email: string }) {
  const [row] = await testDb()
    .insert(users)
    .values(stored<UserRow>({ name: fields.email.split("@")[0], ...fields }))
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
export async function insertCharacter(fields: Partial<Plain<CharacterRow>> & { name: string; tags?: string[] }) {
  const { tags: tagNames = [], ...row } = fields;
  const isPublic = row.isPublic ?? true;
  const db = testDb();
  const [{ id }] = await db
    .insert(characters)
    .values(stored<CharacterRow>({ ...row, isPublic, releaseDate: row.releaseDate ?? (isPublic ? new Date() : null) }))
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
 * the chat's leaf. Answers the chat's id and its messages' ids in order. It goes into the user's own
 * object the way the demo seed writes chats (`takeRows`, decision 052).
 */
export async function insertChat(fields: { userId: string; characterId: string; id?: string; title?: string; selected?: boolean; messages?: MessageRow[] }) {
  const newId = () => crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  const chatId = fields.id ?? newId();
  const ids = (fields.messages ?? []).map((m) => m.id ?? newId());
  const now = Date.now();
  const character = await testDb()
    .select({ name: characters.name, thumbnail: characters.thumbnail })
    .from(characters)
    .where(eq(characters.id, fields.characterId))
    .get();
  await intoStore(fields.userId, {
    chats: [
      {
        id: chatId,
        characterId: fields.characterId,
        title: fields.title ?? "",
        selected: fields.selected ?? false,
        leafMessageId: ids.at(-1) ?? null,
        characterName: character?.name ?? "",
        characterThumbnail: character?.thumbnail ?? null,
        createdAt: now,
        updatedAt: now,
      },
    ],
    messages: (fields.messages ?? []).map((m, i) => ({
      status: "complete" as const,
      ...m,
      id: ids[i],
      chatId,
      parentId: i ? ids[i - 1] : null,
      // Messages written in one go keep their order, as the app's clock would give them.
      createdAt: m.createdAt ?? now + i,
    })),
  });
  return { chatId, messageIds: ids };
}

/** Rows written straight into a user's own object (chats, stories, allowances), as the seeds write them; no deployed call does this (decision 086). */
export function intoStore(userId: string, rows: SeedRows) {
  return runInDurableObject(userStore(env, userId), (store) => seedRows(store, userId, rows));
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

export async function insertPersona(fields: Plain<typeof personas.$inferInsert>) {
  const [row] = await testDb().insert(personas).values(stored<typeof personas.$inferInsert>(fields)).returning({ id: personas.id });
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
export async function setAllowance(userId: string, token: number, resetAt = new Date(Date.now() + 3_600_000), kind: "message" | "image" | "call" = "message") {
  await runInDurableObject(userStore(env, userId), (store) => putAllowance(store, userId, kind, { token, resetAt }));
}

/** How many messages (or pictures) a user has left, as their object holds it; undefined before the first use. */
export const allowanceLeft = (userId: string, kind: "message" | "image" | "call" = "message") =>
  storeValue<number>(userId, "SELECT token FROM allowances WHERE kind = ?", kind);

/** When a user's allowance refills (ms), as their object holds it. */
export const allowanceResetAt = (userId: string, kind: "message" | "image" | "call" = "message") =>
  storeValue<number>(userId, "SELECT reset_at FROM allowances WHERE kind = ?", kind);
