import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, tags, users } from "~/db/schema";
import { canEditCharacter, canSeeImagePrompt, canViewCharacter } from "~/lib/auth/capabilities";
import { personaPrefix } from "~/lib/forms/character";
import type { SessionUser } from "~/lib/auth/session.server";
import { defaultVoiceForTags, VOICES } from "~/spec/voices";

/**
 * The Overview tab's data. The image prompt shows if it is marked visible, or to moderators and the
 * owner; the Public/Private label only to them (spec section 6). Private characters are only found
 * by their owner and moderators.
 */
export async function getCharacterDetails(db: Db, id: string, viewer: SessionUser | null) {
  const row = await db
    .select({
      id: characters.id,
      name: characters.name,
      userId: characters.userId,
      points: characters.points,
      upvotes: characters.upvotes,
      favorites: characters.favorites,
      releaseDate: characters.releaseDate,
      persona: characters.persona,
      authorNotes: characters.authorNotes,
      imagePrompt: characters.imagePrompt,
      imagePromptVisible: characters.imagePromptVisible,
      isPublic: characters.isPublic,
      voice: characters.voice,
      voiceSampleFile: characters.voiceSampleFile,
      description: characters.description,
      author: users.name,
    })
    .from(characters)
    .leftJoin(users, eq(users.id, characters.userId))
    .where(eq(characters.id, id))
    .get();
  if (!row) return null;
  if (!canViewCharacter(viewer, row)) return null;
  const editor = canEditCharacter(viewer, row);
  const tagNames = (
    await db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, id)).all()
  ).map((t) => t.name);
  const voiceId = defaultVoiceForTags(tagNames, row.voice);
  const prefix = personaPrefix(row.name);
  return {
    id: row.id,
    name: row.name,
    author: row.author ?? "Unknown",
    description: row.description,
    points: row.points,
    upvotes: row.upvotes,
    favorites: row.favorites,
    releaseDate: row.releaseDate?.toISOString() ?? null,
    persona: row.persona.startsWith(prefix) ? row.persona.slice(prefix.length) : row.persona,
    authorNotes: row.authorNotes,
    imagePrompt: canSeeImagePrompt(viewer, row) ? row.imagePrompt : null,
    visibility: editor ? (row.isPublic ? "Public" : "Private") : null,
    voice: { id: voiceId, label: VOICES.find((v) => v.id === voiceId)?.label ?? voiceId, hasOriginal: !!row.voiceSampleFile },
    canEdit: editor,
    tags: tagNames,
  };
}

export type CharacterDetails = NonNullable<Awaited<ReturnType<typeof getCharacterDetails>>>;
