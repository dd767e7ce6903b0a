/**
 * The home page's "Continue" row (issue 61): a signed-in person's latest conversations, chats with
 * characters, group chats and stories together, last touched first, each one tap from going on. They
 * live in the person's own object; the stories' pictures are read from D1 in one query.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters } from "~/db/schema";
import { thumbnailUrl } from "~/lib/http/media.server";
import { oneCall, userStore } from "./user-store.server";

export type RecentConversation = {
  kind: "chat" | "group" | "story";
  /** Where it goes on. */
  to: string;
  title: string;
  /** The last line on screen (who said it is in `fromPerson`), or what the story is. */
  line: string | null;
  fromPerson: boolean;
  /** When it was last touched (ISO). */
  at: string;
  pictures: { id: string; thumbnailUrl: string }[];
};

/** A line as a preview reads it: the emphasis marks of *actions* dropped, runs of space one space. */
const plainLine = (text: string) =>
  text
    .replace(/[*_~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** How many conversations the row shows at the most. */
export const RECENT_ON_HOME = 8;

export async function recentConversations(
  db: Db,
  owner: { env: Pick<Env, "USER_STORE">; userId: string },
  limit = RECENT_ON_HOME,
): Promise<RecentConversation[]> {
  const store = userStore(owner.env, owner.userId);
  const [chats, stories] = await Promise.all([oneCall(store.chats(owner.userId)).recentConversations(limit), oneCall(store.stories(owner.userId)).list(limit)]);
  const storyIds = [...new Set(stories.flatMap((s) => s.characterIds))];
  const thumbnails = new Map(
    storyIds.length
      ? (await db.select({ id: characters.id, thumbnail: characters.thumbnail }).from(characters).where(inArray(characters.id, storyIds))).map((c) => [
          c.id,
          c.thumbnail,
        ])
      : [],
  );
  const picture = (id: string, key: string | null) => ({ id, thumbnailUrl: thumbnailUrl(key) });
  const conversations: RecentConversation[] = [
    ...chats.map((c): RecentConversation => {
      const group = c.characterId.startsWith("group:") ? c.characterId.slice("group:".length) : null;
      return {
        kind: group ? "group" : "chat",
        to: group ? `/characters/groups/${group}` : `/characters/chat/${c.characterId}`,
        title: c.name,
        line: c.line && plainLine(c.line),
        fromPerson: c.fromPerson,
        at: new Date(c.at).toISOString(),
        pictures: group ? (c.members ?? []).slice(0, 3).map((m) => picture(m.id, m.thumbnail)) : [picture(c.characterId, c.thumbnail)],
      };
    }),
    ...stories.map((s): RecentConversation => ({
      kind: "story",
      to: `/story/${s.id}`,
      title: s.title,
      line: s.genre,
      fromPerson: false,
      at: new Date(s.updatedAt).toISOString(),
      pictures: s.characterIds.slice(0, 3).map((id) => picture(id, thumbnails.get(id) ?? null)),
    })),
  ];
  return conversations.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
