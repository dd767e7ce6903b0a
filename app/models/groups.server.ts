/**
 * Group chats (issue 26, decision 051): the one door to them. A group and its conversation live in
 * the person's own object (app/user-store/groups.ts); its members are characters in D1, read when a
 * group starts, changes, or speaks. Routes call these by what they do.
 */
import type { Db } from "~/db/client.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import type { Capabilities } from "~/lib/auth/capabilities";
import type { GroupTables } from "~/user-store/groups";
import type { WindowSize } from "~/user-store/chats";
import type { GroupMember, GroupRow } from "~/user-store/schema";
import { GROUP_LIMITS } from "~/spec/groups";
import { shortName } from "~/lib/character-name";
import { defaultVoiceForTags } from "~/spec/voices";
import { windowPart } from "~/user-store/chat-tree";
import { chatPicture, messagePicturesQuery, toPicture } from "./images.server";
import { storyCharacters } from "./story.server";
import { oneCall, userStore } from "./user-store.server";
import type { ScreenedText } from "~/lib/safety/screened";

type Viewer = { id: string; isModerator: boolean };
export type GroupOwner = { env: Pick<Env, "USER_STORE">; userId: string };

/** The owner's group chats, inside their object (its typed door). */
const groups = (owner: GroupOwner) => oneCall(userStore(owner.env, owner.userId).groups(owner.userId));

/** The characters the viewer may put in a group, in the order asked, with what a group keeps of each; null when one is not available. */
export async function groupMembers(db: Db, viewer: Viewer, ids: string[]) {
  const found = await storyCharacters(db, viewer, ids);
  return found.length === ids.length ? found : null;
}
export type GroupCharacter = Awaited<ReturnType<typeof storyCharacters>>[number];

/** A name for a group nobody named: its members' short names, "Hollis, Mira and Ilse". */
export function defaultGroupName(names: string[]) {
  const short = names.map(shortName);
  const name = short.length > 1 ? `${short.slice(0, -1).join(", ")} and ${short.at(-1)}` : (short[0] ?? "");
  return name.slice(0, GROUP_LIMITS.nameMax);
}

/** A new group of characters the viewer may see; `{ limit }` when they keep as many as their plan allows. */
export async function createGroup(
  owner: GroupOwner,
  can: Pick<Capabilities, "groups">,
  input: { members: { id: string; name: string; thumbnail: string | null; greeting?: string }[]; name?: ScreenedText | null; scenario?: ScreenedText | null },
) {
  const members: GroupMember[] = input.members.map((m) => ({ id: m.id, name: m.name, thumbnail: m.thumbnail, muted: false }));
  const name = input.name?.trim() || defaultGroupName(members.map((m) => m.name));
  // The room opens with a greeting (issue 61): the first member's who has one (their card's, screened when it was written).
  const greeter = input.members.find((m) => m.greeting?.trim());
  const greeting = greeter ? { speakerId: greeter.id, content: greeter.greeting!.trim() } : null;
  return await groups(owner).create({ name, scenario: input.scenario?.trim() ?? "", members, greeting }, can.groups);
}

export const listGroups = (owner: GroupOwner) => groups(owner).list();
export const getGroup = (owner: GroupOwner, id: string) => groups(owner).get(id);
/** The group with its latest `window` messages (or its whole branch on screen) and its memory; null when there is none. */
export const groupView = (owner: GroupOwner, id: string, window: WindowSize | undefined, before?: string) => groups(owner).view(id, window, before);
export const updateGroup = (
  owner: GroupOwner,
  id: string,
  change: Omit<Parameters<GroupTables["update"]>[1], "name" | "scenario"> & { name?: ScreenedText; scenario?: ScreenedText },
) => groups(owner).update(id, change);
export const deleteGroup = (owner: GroupOwner, id: string) => groups(owner).delete(id);
export const appendGroupTurn = (owner: GroupOwner, turn: Omit<Parameters<GroupTables["appendTurn"]>[0], "content"> & { content?: ScreenedText | null }) =>
  groups(owner).appendTurn(turn);

/** A group as pages and the API show it: members with their picture's address and whether they can still speak. */
export function groupOut(group: Pick<GroupRow, "id" | "name" | "scenario" | "mode" | "members" | "updatedAt">, available?: Set<string>) {
  return {
    id: group.id,
    name: group.name,
    scenario: group.scenario,
    mode: group.mode,
    updatedAt: group.updatedAt,
    members: group.members.map((m) => ({
      id: m.id,
      name: m.name,
      thumbnailUrl: m.thumbnail ?? thumbnailUrl(null),
      muted: m.muted,
      available: available ? available.has(m.id) : true,
    })),
  };
}
export type GroupOut = ReturnType<typeof groupOut>;

/** How many of a group conversation's latest messages its page shows. */
export const GROUP_PAGE_MESSAGES = 60;

/**
 * A group of the viewer's with the latest messages of its conversation, and which members can still
 * speak (a deleted or private character stays in the transcript, marked); null when there is no such group.
 */
export async function loadGroupPage(
  context: { db: Db; env: Pick<Env, "USER_STORE"> },
  viewer: Viewer,
  id: string,
  part: { latest?: WindowSize; before?: string } = {},
) {
  const viewed = await groupView({ env: context.env, userId: viewer.id }, id, part.latest ?? GROUP_PAGE_MESSAGES, part.before);
  if (!viewed) return null;
  const { group, opened } = viewed;
  const shown = windowPart(opened, part.before);
  if (!shown) return null;
  const { messages } = shown;
  const replies = messages.filter((m) => m.role === "character").map((m) => m.id);
  // The members as they are now, and the pictures of the replies on screen, side by side.
  const [found, pictures] = await Promise.all([
    storyCharacters(
      context.db,
      viewer,
      group.members.map((m) => m.id),
    ),
    replies.length ? messagePicturesQuery(context.db, viewer.id, replies) : Promise.resolve([]),
  ]);
  const out = groupOut(group, new Set(found.map((c) => c.id)));
  // Each member's own voice, for Play (a member no longer available keeps the default).
  const voices = Object.fromEntries(found.map((c) => [c.id, defaultVoiceForTags(c.tags, c.voice)]));
  return {
    group: out,
    voices,
    messages,
    pictures: pictures.map((p) => chatPicture(toPicture(p))),
    earlier: shown.earlier,
  };
}
export type GroupPageData = NonNullable<Awaited<ReturnType<typeof loadGroupPage>>>;
