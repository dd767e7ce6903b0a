import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, tags, users } from "~/db/schema";
import { canEditCharacter, canSeeImagePrompt, canViewCharacter } from "~/lib/auth/capabilities";
import { withoutPersonaPrefix } from "~/lib/forms/persona-prefix";
import type { SessionUser } from "~/lib/auth/session-user";
import { defaultVoiceForTags, ORIGINAL_VOICE, ORIGINAL_VOICE_LABEL, VOICES } from "~/spec/voices";
import { byChipOrder } from "~/spec/tags";
import { fillPlaceholders, FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { thumbnailUrl } from "~/lib/http/media.server";
import { chatIdentity, chatPersona } from "~/lib/personas";
import { getChatSettings } from "./chat-settings.server";
import { personasQuery } from "./persona.server";
import { ratingOf } from "./reviews.server";
import { similarQuery } from "./similar.server";
import { censor } from "~/lib/safety/words";
import { MESSAGES } from "~/spec/messages";

/** The character, its tags and the viewer's personas, in one D1 round trip. */
const details = (db: Db, id: string, viewer: SessionUser | null) =>
  db.batch([
    db
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
        chatCount: characters.chatCount,
        ratingCount: characters.ratingCount,
        ratingSum: characters.ratingSum,
        description: characters.description,
        thumbnail: characters.thumbnail,
        // Aliased: in a D1 batch, rows come back keyed by column name, and both tables have "name".
        author: sql<string | null>`${users.name}`.as("author_name"),
        authorFollowers: sql<number>`${users.followers}`.as("author_followers"),
        // Whether the viewer follows the creator (issue 64): the Follow button in the author line.
        followingAuthor: sql<number>`exists (select 1 from follows f where f.follower_id = ${viewer?.id ?? ""} and f.creator_id = ${characters.userId})`.as(
          "following_author",
        ),
      })
      .from(characters)
      .leftJoin(users, eq(users.id, characters.userId))
      .where(eq(characters.id, id)),
    db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, id)),
    personasQuery(db, viewer?.id ?? ""),
    similarQuery(db, id),
  ]);

/**
 * The Overview tab's data. The image prompt shows if it is marked visible, or to moderators and the
 * owner; the Public/Private label only to them (spec section 6). Private characters are only found
 * by their owner and moderators.
 */
export async function getCharacterDetails({ db, env }: { db: Db; env: Pick<Env, "USER_STORE"> }, id: string, viewer: SessionUser | null) {
  // The persona the viewer chats as here is in their own object; it is read beside the D1 batch.
  const [[rows, tagRows, personaRows, similarRows], settings] = await Promise.all([
    details(db, id, viewer),
    viewer ? getChatSettings(env, viewer.id, id) : undefined,
  ]);
  const row = rows[0];
  if (!row) return null;
  if (!canViewCharacter(viewer, row)) return null;
  const editor = canEditCharacter(viewer, row);
  const tagNames = tagRows.map((t) => t.name).sort(byChipOrder);
  const chosenVoice = settings?.selectedVoice ?? defaultVoiceForTags(tagNames, row.voice);
  const chattingAs = chatPersona(personaRows, settings?.personaId);
  // {{user}} and {{char}} read as they will in the chat: the name of the persona the viewer chats as, and the character's.
  const viewerName = chatIdentity(chattingAs, viewer ?? { name: null }, FALLBACK_USER_NAME).name;
  const fill = (text: string) => fillPlaceholders(text, viewerName, row.name);
  return {
    id: row.id,
    name: row.name,
    author: row.author ?? MESSAGES.character.unknownAuthor,
    authorId: row.author ? row.userId : null,
    /** For a signed-in viewer who is not the creator: whether they follow the creator (issue 64). */
    follow: viewer && row.author && viewer.id !== row.userId ? { following: !!row.followingAuthor, followers: row.authorFollowers ?? 0 } : null,
    thumbnailUrl: thumbnailUrl(row.thumbnail),
    description: fill(row.description),
    points: row.points,
    upvotes: row.upvotes,
    favorites: row.favorites,
    chats: row.chatCount,
    /** Its average rating and how many rated it (issue 64), from the row's kept sums. */
    rating: ratingOf(row),
    releaseDate: row.releaseDate?.toISOString() ?? null,
    // The persona the viewer's chat uses: their own version (premium) when they saved one.
    persona: fill(withoutPersonaPrefix(settings?.persona ?? row.persona, row.name)),
    personaIsTheirs: !!settings?.persona,
    /** The character's own persona as stored, and the viewer's version: what the persona editor starts from. */
    personaSource: { original: row.persona, override: settings?.persona ?? null },
    authorNotes: row.authorNotes ? fill(row.authorNotes) : null,
    imagePrompt: canSeeImagePrompt(viewer, row) ? row.imagePrompt : null,
    // The Public/Private label: the owner and moderators (spec section 6).
    visibility: editor || viewer?.isModerator ? (row.isPublic ? "Public" : "Private") : null,
    // The voice the viewer chose for this character, else the character's own (spec section 4: "Selected Voice").
    voice: {
      id: chosenVoice,
      label: chosenVoice === ORIGINAL_VOICE ? ORIGINAL_VOICE_LABEL : (VOICES.find((v) => v.id === chosenVoice)?.label ?? chosenVoice),
      hasOriginal: !!row.voiceSampleFile,
    },
    canEdit: editor,
    tags: tagNames,
    /** Characters like it (issue 64), from the daily rollup; names only (no pictures to blur). */
    similar: similarRows.map((s) => ({ id: s.id, name: censor(s.name) })),
    /** The viewer's persona in this character's chat (their default until they pick another), or null. */
    chattingAs: chattingAs?.id ?? null,
  };
}

export type CharacterDetails = NonNullable<Awaited<ReturnType<typeof getCharacterDetails>>>;
