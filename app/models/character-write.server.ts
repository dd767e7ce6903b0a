import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characterContentTags, characters, characterTags, contentTags, tags } from "~/db/schema";
import type { CharacterDraft, CharacterInput } from "~/lib/forms/character";
import { storedPersona, withoutPersonaPrefix } from "~/lib/forms/persona-prefix";

function columns(input: CharacterInput) {
  return {
    name: input.name,
    description: input.description,
    persona: storedPersona(input.name, input.persona),
    greeting: input.greeting,
    alternateGreetings: input.alternateGreetings,
    scenario: input.scenario,
    exampleDialogue: input.exampleDialogue,
    authorNotes: input.authorNotes || null,
    imagePrompt: input.imagePrompt || null,
    negativePrompt: input.negativePrompt || null,
    imagePromptVisible: input.imagePromptVisible,
    isNsfwThumbnail: input.isNsfwThumbnail,
    voice: input.voice,
    defaultModel: input.defaultModel,
    ...(input.cardExtras !== undefined ? { cardExtras: input.cardExtras } : {}),
  };
}

/** The statements that make a character's tags and content tags exactly these (for a batch). */
export async function tagStatements(db: Db, id: string, input: Pick<CharacterInput, "tags" | "contentTags">) {
  const [tagRows, contentRows] = await db.batch([
    db
      .select({ id: tags.id })
      .from(tags)
      .where(inArray(tags.name, input.tags.length ? input.tags : [""])),
    db
      .select({ id: contentTags.id })
      .from(contentTags)
      .where(inArray(contentTags.name, input.contentTags.length ? input.contentTags : [""])),
  ]);
  return [
    db.delete(characterTags).where(eq(characterTags.characterId, id)),
    db.delete(characterContentTags).where(eq(characterContentTags.characterId, id)),
    ...tagRows.map((t) => db.insert(characterTags).values({ characterId: id, tagId: t.id })),
    ...contentRows.map((t) => db.insert(characterContentTags).values({ characterId: id, contentTagId: t.id })),
  ] as const;
}

/** New characters start private. */
export async function createCharacter(db: Db, userId: string, input: CharacterInput) {
  const [row] = await db
    .insert(characters)
    .values({ userId, isPublic: false, ...columns(input) })
    .returning({ id: characters.id });
  const statements = await tagStatements(db, row.id, input);
  await db.batch(statements);
  return row.id;
}

export async function updateCharacter(db: Db, id: string, input: CharacterInput) {
  const statements = await tagStatements(db, id, input);
  await db.batch([
    db
      .update(characters)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(characters.id, id)),
    ...statements,
  ]);
}

/**
 * Publishing makes a character public and sets its release date (the first time); answers both, and
 * whether this call released it (its followers are told then, once).
 */
export async function setPublished(db: Db, id: string, isPublic: boolean) {
  const now = Date.now();
  const [row] = await db
    .update(characters)
    .set({ isPublic, releaseDate: isPublic ? sql`coalesce(${characters.releaseDate}, ${now})` : characters.releaseDate, updatedAt: new Date() })
    .where(eq(characters.id, id))
    .returning({ isPublic: characters.isPublic, releaseDate: characters.releaseDate });
  return { isPublic: row.isPublic, releaseDate: row.releaseDate, firstRelease: isPublic && row.releaseDate?.getTime() === now };
}

export async function characterOwner(db: Db, id: string) {
  return await db
    .select({ userId: characters.userId, thumbnail: characters.thumbnail, voiceSampleFile: characters.voiceSampleFile, lock: characters.moderationLock })
    .from(characters)
    .where(eq(characters.id, id))
    .get();
}

export async function setCharacterFile(db: Db, id: string, field: "thumbnail" | "voiceSampleFile", key: string, extra: { isNsfwThumbnail?: boolean } = {}) {
  await db
    .update(characters)
    .set({ [field]: key, ...extra, updatedAt: new Date() })
    .where(eq(characters.id, id))
    .run();
}

/** A character's tag and content tag names (to compare an edit with while a moderator holds its tags). */
export async function characterTagNames(db: Db, id: string) {
  const [tagRows, contentRows] = await db.batch([
    db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, id)),
    db
      .select({ name: contentTags.name })
      .from(characterContentTags)
      .innerJoin(contentTags, eq(contentTags.id, characterContentTags.contentTagId))
      .where(eq(characterContentTags.characterId, id)),
  ]);
  return { tags: tagRows.map((t) => t.name), contentTags: contentRows.map((t) => t.name) };
}

/** A stored character as the edit form's draft. */
export function toDraft(c: NonNullable<Awaited<ReturnType<typeof getCharacterForEdit>>>): CharacterDraft {
  return {
    name: c.name,
    description: c.description,
    persona: c.persona,
    greeting: c.greeting,
    alternateGreetings: c.alternateGreetings,
    scenario: c.scenario,
    exampleDialogue: c.exampleDialogue,
    authorNotes: c.authorNotes ?? "",
    imagePrompt: c.imagePrompt ?? "",
    negativePrompt: c.negativePrompt ?? "",
    imagePromptVisible: c.imagePromptVisible,
    tags: c.tags,
    contentTags: c.contentTags,
    voice: c.voice,
    defaultModel: c.defaultModel,
    isNsfwThumbnail: c.isNsfwThumbnail,
  };
}

/** Everything the edit form needs, with the persona prefix taken off. */
export async function getCharacterForEdit(db: Db, id: string) {
  const row = await db.select().from(characters).where(eq(characters.id, id)).get();
  if (!row) return null;
  return { ...row, persona: withoutPersonaPrefix(row.persona, row.name), ...(await characterTagNames(db, id)) };
}

/** The creator hub: all of a user's characters with their stats, newest first. */
export async function listMyCharacters(db: Db, userId: string) {
  return await db
    .select({
      id: characters.id,
      name: characters.name,
      thumbnail: characters.thumbnail,
      isPublic: characters.isPublic,
      upvotes: characters.upvotes,
      favorites: characters.favorites,
      releaseDate: characters.releaseDate,
      // Counted as they happen (chats started, messages sent and written), never by reading people's chats (decision 030).
      chats: characters.chatCount,
      messages: characters.messageCount,
    })
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(desc(characters.createdAt))
    .all();
}

/** Deletes a character (its tags, votes and chats cascade) and its files in R2. */
export async function deleteCharacter(db: Db, media: R2Bucket, id: string) {
  const [row] = await db.delete(characters).where(eq(characters.id, id)).returning({ thumbnail: characters.thumbnail, voice: characters.voiceSampleFile });
  const keys = [row?.thumbnail, row?.voice].filter((k): k is string => !!k);
  if (keys.length) await media.delete(keys);
}
