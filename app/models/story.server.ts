/**
 * Stories: the one door to them (decisions 019 and 043). A person's stories live in their own object
 * (app/user-store/stories.ts), so another person's story is simply not found; the characters they
 * are with live in D1. Routes and the story writer call these functions and never learn where a story is.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, favorites, tags } from "~/db/schema";
import { recordActivity } from "~/models/activity-events.server";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { thumbnailUrl } from "~/lib/http/media.server";
import { childrenOf, storyPath } from "~/lib/story-tree";
import type { LoadedStory, NewStory, NewTurn } from "~/user-store/stories";
import type { StoryMessageRow, StoryRow } from "~/user-store/schema";
import { oneCall, userStore } from "./user-store.server";
import type { ScreenedText } from "~/lib/safety/screened";

/** A passage as the model layer stores it: its text and its choices passed the gate (issue 59). */
export type ScreenedPassage = { content: ScreenedText; choices: { id: string; text: ScreenedText }[] };
/** A turn as stored: the person's choice or action, and the passage, every text screened. */
export type ScreenedTurn = Omit<NewTurn, "action" | "passage"> & {
  action: { content: ScreenedText; choiceId: string | null } | null;
  passage: ScreenedPassage;
};

type Viewer = { id: string; isModerator: boolean };
/** Whose stories: the user's id, and the bindings that reach their object. */
export type StoryOwner = { env: Pick<Env, "USER_STORE">; userId: string };
export type { LoadedStory, StoryMessageRow, StoryRow };
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
      greeting: r.greeting,
      cardExtras: r.cardExtras,
      tags: tagRows.filter((t) => t.characterId === r.id).map((t) => t.name),
      thumbnailUrl: thumbnailUrl(r.thumbnail),
      voice: r.voice,
    }));
}

/** The owner's stories, inside their object (its typed door). */
const stories = (owner: StoryOwner) => oneCall(userStore(owner.env, owner.userId).stories(owner.userId));

/** A story of this user with all its turns; null when there is none (another person's story is in another object). */
export const loadStory = (owner: StoryOwner, storyId: string) => stories(owner).load(storyId);

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

/** The user's stories, last played first, from their object (`withCharacters` adds the characters' names and pictures). */
export const storyRows = ({ env }: { env: Pick<Env, "USER_STORE"> }, viewer: Viewer) => stories({ env, userId: viewer.id }).list(100);

/** The stories with their characters' names and pictures (one D1 batch). */
export async function withCharacters(db: Db, viewer: Viewer, rows: Awaited<ReturnType<typeof storyRows>>) {
  const ids = [...new Set(rows.flatMap((r) => r.characterIds))];
  const people = await storyCharacters(db, viewer, ids);
  return rows.map((r) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
    characters: r.characterIds.flatMap((id) => people.filter((p) => p.id === id).map((p) => ({ id: p.id, name: p.name, thumbnailUrl: p.thumbnailUrl }))),
  }));
}

/** The user's stories, last played first, with their characters' names and pictures. */
export const listStories = async (context: { db: Db; env: Pick<Env, "USER_STORE"> }, viewer: Viewer) =>
  await withCharacters(context.db, viewer, await storyRows(context, viewer));
export type StoryListItem = Awaited<ReturnType<typeof listStories>>[number];

/** How many of the characters chatted with lately a story or group picker offers first (the loader asks the object for them). */
export const RECENT_CANDIDATES = 24;

/** Characters to start a story with: the ones the user chatted with lately, their favourites, their own, then the most liked. */
export async function storyCandidates(db: Db, viewer: Viewer, chattedIds: string[]) {
  // One D1 batch, once the person's object has said whom they chatted with lately (the loader asks it
  // beside its other object calls), so the page waits on D1 twice: the session, then this.
  const card = {
    id: characters.id,
    name: characters.name,
    scenario: characters.scenario,
    thumbnail: characters.thumbnail,
    userId: characters.userId,
    isPublic: characters.isPublic,
  };
  const [chatted, favourite, own, popular] = await db.batch([
    db
      .select(card)
      .from(characters)
      .where(inArray(characters.id, chattedIds.length ? chattedIds : [""])),
    db
      .select(card)
      .from(favorites)
      .innerJoin(characters, eq(characters.id, favorites.characterId))
      .where(eq(favorites.userId, viewer.id))
      .orderBy(desc(favorites.createdAt))
      .limit(24),
    db.select(card).from(characters).where(eq(characters.userId, viewer.id)).orderBy(desc(characters.updatedAt)).limit(24),
    db.select(card).from(characters).where(eq(characters.isPublic, true)).orderBy(desc(characters.points), desc(characters.id)).limit(12),
  ]);
  const byId = new Map([...chatted, ...favourite, ...own, ...popular].map((c) => [c.id, c]));
  const ids = [...new Set([...chattedIds, ...[...favourite, ...own, ...popular].map((r) => r.id)])].slice(0, 36);
  return ids
    .map((id) => byId.get(id))
    .filter((c): c is NonNullable<typeof c> => !!c && canViewCharacter(viewer, c))
    .map((c) => ({ id: c.id, name: c.name, scenario: c.scenario, thumbnailUrl: thumbnailUrl(c.thumbnail) }));
}
export type StoryCandidate = Awaited<ReturnType<typeof storyCandidates>>[number];

/**
 * A new story with its opening passage. Its day's count behind /mods/analytics comes from an event
 * (decision 028), since nobody's stories are in D1.
 */
export async function createStory(
  context: { env: Pick<Env, "USER_STORE" | "EVENTS">; ctx: { waitUntil(promise: Promise<unknown>): void } },
  owner: StoryOwner,
  input: Omit<NewStory, "title" | "premise"> & { title: ScreenedText; premise: ScreenedText },
  passage: ScreenedPassage,
) {
  const made = await stories(owner).create(input, passage);
  recordActivity(context, [{ kind: "story", userId: owner.userId }]);
  return made;
}

/** The person's choice or action and the passage it brought, after `parentId`; null when the story is gone. */
export const appendTurn = (owner: StoryOwner, turn: ScreenedTurn) => stories(owner).appendTurn(turn);

export const renameStory = (owner: StoryOwner, storyId: string, title: ScreenedText) => stories(owner).rename(storyId, title);

/** Shows another branch: the tip becomes the newest turn under `messageId`. */
export const showBranch = (owner: StoryOwner, storyId: string, leafId: string) => stories(owner).showBranch(storyId, leafId);

/**
 * Undo: the last passage on screen goes, with the choice or action that brought it when nothing else
 * hangs from that action; no branch is ever cut off, and the opening cannot be undone. The new tip, or null.
 */
export const undoTurn = (owner: StoryOwner, storyId: string) => stories(owner).undo(storyId);

export const deleteStory = (owner: StoryOwner, storyId: string) => stories(owner).delete(storyId);
