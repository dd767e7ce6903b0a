/**
 * A user's interactive stories inside their own object (decisions 019 and 043): every statement on
 * `stories` and `story_messages`. Synchronous SQLite in the object's thread, so each method is atomic
 * on its own. The tree's shape is lib/story-tree.ts.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createId } from "~/db/ids";
import { childrenOf, deepestFrom, storyPath } from "~/lib/story-tree";
import { stories, storyMessages, type StoryMessageRow, type StoryRow } from "./schema";

export type LoadedStory = { story: StoryRow; all: StoryMessageRow[] };
export type NewStory = Pick<StoryRow, "title" | "characterIds" | "premise" | "genre" | "personaId">;
export type NewTurn = {
  storyId: string;
  parentId: string | null;
  /** The person's choice or action; none for the opening passage or a passage the person wrote. */
  action: { content: string; choiceId: string | null } | null;
  passage: { content: string; choices: { id: string; text: string }[] };
};

export class StoryTables {
  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
  ) {}

  /** A story with all its turns; null when there is none. */
  load(storyId: string): LoadedStory | null {
    const story = this.db.select().from(stories).where(eq(stories.id, storyId)).get();
    if (!story) return null;
    const all = this.db
      .select()
      .from(storyMessages)
      .where(eq(storyMessages.storyId, storyId))
      .orderBy(asc(storyMessages.createdAt), asc(storyMessages.id))
      .all();
    return { story, all };
  }

  /** The stories, last played first. */
  list(limit: number) {
    return this.db
      .select({ id: stories.id, title: stories.title, genre: stories.genre, characterIds: stories.characterIds, updatedAt: stories.updatedAt })
      .from(stories)
      .orderBy(desc(stories.updatedAt))
      .limit(limit)
      .all();
  }

  /** Adds a turn (the action, then the passage) and moves the story's tip to it; null when the story is gone. */
  appendTurn(turn: NewTurn, now = Date.now()) {
    return this.transaction(() => {
      if (!this.db.select({ id: stories.id }).from(stories).where(eq(stories.id, turn.storyId)).get()) return null;
      const actionId = turn.action ? createId() : null;
      const passageId = createId();
      if (turn.action && actionId)
        this.db
          .insert(storyMessages)
          .values({
            id: actionId,
            storyId: turn.storyId,
            parentId: turn.parentId,
            role: "user",
            content: turn.action.content,
            choices: [],
            choiceId: turn.action.choiceId,
            createdAt: new Date(now),
          })
          .run();
      this.db
        .insert(storyMessages)
        .values({
          id: passageId,
          storyId: turn.storyId,
          parentId: actionId ?? turn.parentId,
          role: "story",
          content: turn.passage.content,
          choices: turn.passage.choices,
          createdAt: new Date(now + 1),
        })
        .run();
      this.db
        .update(stories)
        .set({ leafMessageId: passageId, updatedAt: new Date(now) })
        .where(eq(stories.id, turn.storyId))
        .run();
      return { actionId, messageId: passageId };
    });
  }

  /** A new story with its opening passage. */
  create(input: NewStory, passage: NewTurn["passage"]) {
    return this.transaction(() => {
      const storyId = createId();
      const now = Date.now();
      this.db
        .insert(stories)
        .values({ id: storyId, ...input, createdAt: new Date(now), updatedAt: new Date(now) })
        .run();
      const made = this.appendTurn({ storyId, parentId: null, action: null, passage }, now)!;
      return { storyId, messageId: made.messageId };
    });
  }

  rename(storyId: string, title: string) {
    return this.db.update(stories).set({ title }).where(eq(stories.id, storyId)).returning({ id: stories.id }).all().length > 0;
  }

  /** Shows another branch: its tip becomes the story's leaf. */
  showBranch(storyId: string, leafId: string) {
    return this.db.update(stories).set({ leafMessageId: leafId }).where(eq(stories.id, storyId)).returning({ id: stories.id }).all().length > 0;
  }

  /**
   * Undo: the last passage on screen goes, with the choice or action that brought it when nothing else
   * hangs from that action. A turn with something under it is never deleted, so no branch is cut off;
   * the tip moves to the newest branch left under the passage before (that passage itself when none).
   * The opening passage cannot be undone. Returns the new tip, or null.
   */
  undo(storyId: string) {
    return this.transaction(() => {
      const loaded = this.load(storyId);
      if (!loaded) return null;
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
      this.db
        .delete(storyMessages)
        .where(and(eq(storyMessages.storyId, storyId), inArray(storyMessages.id, [...doomed])))
        .run();
      this.db.update(stories).set({ leafMessageId: tip, updatedAt: new Date() }).where(eq(stories.id, storyId)).run();
      return tip;
    });
  }

  /** Deletes a story and every turn of it. */
  delete(storyId: string) {
    return this.transaction(() => {
      this.db.delete(storyMessages).where(eq(storyMessages.storyId, storyId)).run();
      return this.db.delete(stories).where(eq(stories.id, storyId)).returning({ id: stories.id }).all().length > 0;
    });
  }

  /** Seeded rows (UserStore.takeRows), insert or ignore; answers how many are new. */
  insertRows(storyRows: StoryRow[], messageRows: StoryMessageRow[]) {
    let storyCount = 0;
    let turnCount = 0;
    for (const row of storyRows) storyCount += this.db.insert(stories).values(row).onConflictDoNothing().returning({ id: stories.id }).get() ? 1 : 0;
    for (const row of messageRows)
      turnCount += this.db.insert(storyMessages).values(row).onConflictDoNothing().returning({ id: storyMessages.id }).get() ? 1 : 0;
    return { stories: storyCount, storyTurns: turnCount };
  }
}
