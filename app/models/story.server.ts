/**
 * Stories: every statement on `stories` and `story_messages` lives here (decision 019). A story is
 * only ever read or changed through its owner's id, so another person's story is simply not found.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { characters, characterTags, favorites, stories, storyMessages, tags } from "~/db/schema";
import { recentChatCharacters } from "./chat.server";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { thumbnailUrl } from "~/lib/http/media.server";
import { childrenOf, deepestFrom, storyPath } from "~/lib/story/tree";

type Viewer = { id: string; isModerator: boolean };
export type StoryRow = typeof stories.$inferSelect;
export type StoryMessageRow = typeof storyMessages.$inferSelect;
export type StoryCharacter = Awaited<ReturnType<typeof storyCharacters>>[number];

/** The characters of a story the viewer may still see, in the story's order, with what prompts need. */
export async function storyCharacters(db: Db, viewer: Viewer, ids: string[]) {
  if (!ids.length) return [];
  const [rows, tagRows] = await db.batch([
    db.select().from(characters).where(inArray(characters.id, ids)),
    db
      .select({ characterId: characterTags.characterId, name: tags.name })
      .from(characterTags)
      .innerJoin(tags, eq(tags.id, characterTags.tagId))
      .where(inArray(characterTags.characterId, ids)),
  ]);
  return ids
    .map((id) => rows.find((r) => r.id === id))
    .filter((r): r is typeof characters.$inferSelect => !!r && canViewCharacter(viewer, r))
    .map((r) => ({
      id: r.id,
      name: r.name,
      persona: r.persona,
      scenario: r.scenario,
      exampleDialogue: r.exampleDialogue,
      cardExtras: r.cardExtras,
      tags: tagRows.filter((t) => t.characterId === r.id).map((t) => t.name),
      thumbnailUrl: thumbnailUrl(r.thumbnail),
    }));
}

/** A story of this user with all its turns; null when there is none (or it is someone else's). */
export async function loadStory(db: Db, userId: string, storyId: string) {
  const [storyRows, messageRows] = await db.batch([
    db
      .select()
      .from(stories)
      .where(and(eq(stories.id, storyId), eq(stories.userId, userId)))
      .limit(1),
    db.select().from(storyMessages).where(eq(storyMessages.storyId, storyId)).orderBy(asc(storyMessages.createdAt), asc(storyMessages.id)),
  ]);
  const story = storyRows[0];
  return story ? { story, all: messageRows } : null;
}
export type LoadedStory = NonNullable<Awaited<ReturnType<typeof loadStory>>>;

/** The turns on screen, each with its branch position among the turns answering the same passage. */
export function storyOnScreen(loaded: LoadedStory) {
  return storyPath(loaded.all, loaded.story.leafMessageId).map((m) => {
    const siblings = childrenOf(loaded.all, m.parentId);
    return {
      id: m.id,
      parentId: m.parentId,
      role: m.role,
      content: m.content,
      choices: m.choices,
      choiceId: m.choiceId,
      index: siblings.findIndex((s) => s.id === m.id) + 1,
      siblingIds: siblings.map((s) => s.id),
    };
  });
}
export type StoryTurnView = ReturnType<typeof storyOnScreen>[number];

/** The user's stories, last played first, with their characters' names and pictures. */
export async function listStories(db: Db, viewer: Viewer) {
  const rows = await db
    .select({ id: stories.id, title: stories.title, genre: stories.genre, characterIds: stories.characterIds, updatedAt: stories.updatedAt })
    .from(stories)
    .where(eq(stories.userId, viewer.id))
    .orderBy(desc(stories.updatedAt))
    .limit(100);
  const ids = [...new Set(rows.flatMap((r) => r.characterIds))];
  const people = await storyCharacters(db, viewer, ids);
  return rows.map((r) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
    characters: r.characterIds.flatMap((id) => people.filter((p) => p.id === id).map((p) => ({ id: p.id, name: p.name, thumbnailUrl: p.thumbnailUrl }))),
  }));
}
export type StoryListItem = Awaited<ReturnType<typeof listStories>>[number];

/** Characters to start a story with: the ones the user chatted with lately, their favourites, their own, then the most liked. */
export async function storyCandidates({ db, env }: { db: Db; env: Pick<Env, "USER_STORE"> }, viewer: Viewer) {
  // The characters chatted with lately come from the viewer's own object, beside the one D1 batch.
  const [chattedIds, [favourite, own, popular]] = await Promise.all([
    recentChatCharacters({ env, userId: viewer.id }, 24),
    db.batch([
      db.select({ id: favorites.characterId }).from(favorites).where(eq(favorites.userId, viewer.id)).orderBy(desc(favorites.createdAt)).limit(24),
      db.select({ id: characters.id }).from(characters).where(eq(characters.userId, viewer.id)).orderBy(desc(characters.updatedAt)).limit(24),
      db.select({ id: characters.id }).from(characters).where(eq(characters.isPublic, true)).orderBy(desc(characters.points), desc(characters.id)).limit(12),
    ]),
  ]);
  const ids = [...new Set([...chattedIds, ...[...favourite, ...own, ...popular].map((r) => r.id)])].slice(0, 36);
  return (await storyCharacters(db, viewer, ids)).map((c) => ({ id: c.id, name: c.name, scenario: c.scenario, thumbnailUrl: c.thumbnailUrl }));
}
export type StoryCandidate = Awaited<ReturnType<typeof storyCandidates>>[number];

type NewTurn = {
  storyId: string;
  parentId: string | null;
  /** The person's choice or action; none for the opening passage or a passage the person wrote. */
  action: { content: string; choiceId: string | null } | null;
  passage: { content: string; choices: { id: string; text: string }[] };
};

/** The statements adding a turn (the action, then the passage) and moving the story's tip to it. */
function turnStatements(db: Db, turn: NewTurn, now: number) {
  const actionId = turn.action ? createId() : null;
  const passageId = createId();
  const statements = [
    ...(turn.action && actionId
      ? [
          db.insert(storyMessages).values({
            id: actionId,
            storyId: turn.storyId,
            parentId: turn.parentId,
            role: "user",
            content: turn.action.content,
            choiceId: turn.action.choiceId,
            createdAt: new Date(now),
          }),
        ]
      : []),
    db.insert(storyMessages).values({
      id: passageId,
      storyId: turn.storyId,
      parentId: actionId ?? turn.parentId,
      role: "story",
      content: turn.passage.content,
      choices: turn.passage.choices,
      createdAt: new Date(now + 1),
    }),
    db
      .update(stories)
      .set({ leafMessageId: passageId, updatedAt: new Date(now) })
      .where(eq(stories.id, turn.storyId)),
  ];
  return { actionId, passageId, statements };
}

/** A new story with its opening passage, in one batch. */
export async function createStory(
  db: Db,
  input: { userId: string; title: string; characterIds: string[]; premise: string; genre: string; personaId: string | null },
  passage: NewTurn["passage"],
) {
  const storyId = createId();
  const now = Date.now();
  const { passageId, statements } = turnStatements(db, { storyId, parentId: null, action: null, passage }, now);
  await db.batch([db.insert(stories).values({ id: storyId, ...input, createdAt: new Date(now), updatedAt: new Date(now) }), ...statements]);
  return { storyId, messageId: passageId };
}

/** The person's choice or action and the passage it brought, after `parentId`. */
export async function appendTurn(db: Db, turn: NewTurn) {
  const { actionId, passageId, statements } = turnStatements(db, turn, Date.now());
  await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  return { actionId, messageId: passageId };
}

export async function renameStory(db: Db, userId: string, storyId: string, title: string) {
  const rows = await db
    .update(stories)
    .set({ title, updatedAt: sql`${stories.updatedAt}` })
    .where(and(eq(stories.id, storyId), eq(stories.userId, userId)))
    .returning({ id: stories.id });
  return rows.length > 0;
}

/** Shows another branch: the tip becomes the newest turn under `messageId`. */
export async function showBranch(db: Db, loaded: LoadedStory, leafId: string) {
  await db.update(stories).set({ leafMessageId: leafId }).where(eq(stories.id, loaded.story.id));
}

/**
 * Undo: the last passage on screen goes, with the choice or action that brought it when nothing else
 * hangs from that action. A turn with something under it is never deleted, so no branch is cut off;
 * the tip moves to the newest branch left under the passage before (that passage itself when none).
 * The opening passage cannot be undone. Returns the new tip, or null.
 */
export async function undoTurn(db: Db, loaded: LoadedStory) {
  const path = storyPath(loaded.all, loaded.story.leafMessageId);
  const last = path.at(-1);
  const previous = path.at(-2);
  if (!last || !previous || childrenOf(loaded.all, last.id).length) return null;
  const doomed = new Set([last.id]);
  let from = previous.id;
  if (previous.role === "user" && previous.parentId && childrenOf(loaded.all, previous.id).length === 1) {
    doomed.add(previous.id);
    from = previous.parentId;
  }
  const tip = deepestFrom(
    loaded.all.filter((m) => !doomed.has(m.id)),
    from,
  );
  await db.batch([
    db.delete(storyMessages).where(and(eq(storyMessages.storyId, loaded.story.id), inArray(storyMessages.id, [...doomed]))),
    db.update(stories).set({ leafMessageId: tip, updatedAt: new Date() }).where(eq(stories.id, loaded.story.id)),
  ]);
  return tip;
}

export async function deleteStory(db: Db, userId: string, storyId: string) {
  const rows = await db
    .delete(stories)
    .where(and(eq(stories.id, storyId), eq(stories.userId, userId)))
    .returning({ id: stories.id });
  return rows.length > 0;
}
