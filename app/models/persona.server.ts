import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { personas, users } from "~/db/schema";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";
import type { ScreenedText } from "~/lib/safety/screened";

export type PersonaInput = { name: ScreenedText; persona: ScreenedText; isDefault?: boolean };

const PERSONA_COLUMNS = { id: personas.id, name: personas.name, persona: personas.persona, isDefault: personas.isDefault };

/** A user's personas, oldest first (usable in a batch); `userId` may be the subquery that finds them from the session (decision 073). */
export const personasQuery = (db: Db, userId: string | SQL) =>
  db.select(PERSONA_COLUMNS).from(personas).where(eq(personas.userId, userId)).orderBy(asc(personas.createdAt));

/** The profile's words about the person: their name, what characters call them, their account persona (usable in a batch). */
export const accountSelfQuery = (db: Db, userId: string | SQL) =>
  db.select({ name: users.name, nameKnownToBot: users.nameKnownToBot, persona: users.persona }).from(users).where(eq(users.id, userId));

export function listPersonas(db: Db, userId: string) {
  return personasQuery(db, userId).all();
}

/**
 * A new persona of the user (made the default when asked); answers it, or null when they already
 * have `max`. The count and the insert are one statement, so parallel requests cannot pass the cap.
 */
export async function createPersona(db: Db, userId: string, input: PersonaInput, max = PERSONAS_PER_USER_MAX) {
  const id = createId();
  const rows = await db.all<{ id: string }>(sql`
    insert into personas (id, user_id, name, persona, is_default, created_at)
    select ${id}, ${userId}, ${input.name}, ${input.persona}, 0, ${Date.now()}
    where (select count(*) from personas where user_id = ${userId}) < ${max}
    returning id`);
  if (!rows.length) return null;
  if (input.isDefault) await makeDefault(db, userId, id);
  return await getPersona(db, id);
}

/** Updates one of the user's own personas; answers it, or null when they have no persona with this id. */
export async function updatePersona(db: Db, userId: string, id: string, input: PersonaInput) {
  const updated = await db
    .update(personas)
    .set({ name: input.name, persona: input.persona })
    .where(and(eq(personas.id, id), eq(personas.userId, userId)))
    .returning({ id: personas.id });
  if (!updated.length) return null;
  if (input.isDefault) await makeDefault(db, userId, id);
  return await getPersona(db, id);
}

const getPersona = async (db: Db, id: string) => (await db.select(PERSONA_COLUMNS).from(personas).where(eq(personas.id, id)).get())!;

/** Exactly one persona of the user is marked default afterwards. */
async function makeDefault(db: Db, userId: string, id: string) {
  await db.batch([
    db.update(personas).set({ isDefault: false }).where(eq(personas.userId, userId)),
    db
      .update(personas)
      .set({ isDefault: true })
      .where(and(eq(personas.id, id), eq(personas.userId, userId))),
  ]);
}

export async function deletePersona(db: Db, userId: string, id: string) {
  const deleted = await db
    .delete(personas)
    .where(and(eq(personas.id, id), eq(personas.userId, userId)))
    .returning({ id: personas.id });
  return deleted.length > 0;
}
