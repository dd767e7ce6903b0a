import { isId } from "~/db/ids";
import type { Db } from "~/db/client.server";
import { canEditCharacter } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { forbidden, notFound } from "~/lib/http/http.server";
import type { ModerationLock } from "~/db/schema";
import { characterOwner, characterTagNames } from "~/models/character-write.server";
import { LOCK_COPY } from "~/spec/moderation";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** Only the owner or a moderator may change a character; 404 when there is none, 403 when not theirs. */
export async function requireCharacterEditor(db: Db, user: SessionUser, id: string | undefined) {
  const owner = isId(id) ? await characterOwner(db, id) : undefined;
  if (!owner) throw notFound(CHARACTER_MESSAGES.notFound);
  if (!canEditCharacter(user, owner)) throw forbidden(CHARACTER_MESSAGES.onlyCreator);
  return { id: id!, ...owner };
}

type Held = { lock: ModerationLock | null };
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * What a moderator's takedown holds (decision 026), checked by publish, edit and upload: a character
 * made private is not published again, its tags stay as the moderator set them, and a thumbnail
 * marked NSFW stays marked. 403 with the reason; the owner may appeal from the edit page.
 */
export async function assertTakedownAllows(
  db: Db,
  character: Held & { id: string },
  change: { publish?: boolean; tags?: string[]; contentTags?: string[]; isNsfwThumbnail?: boolean },
) {
  const lock = character.lock;
  if (!lock) return;
  if (lock.private !== undefined && change.publish) throw forbidden(LOCK_COPY.refusedPublish);
  if (lock.nsfw !== undefined && change.isNsfwThumbnail === false) throw forbidden(LOCK_COPY.refusedNsfw);
  if (lock.tags !== undefined && (change.tags || change.contentTags)) {
    const now = await characterTagNames(db, character.id);
    if (!sameSet(now.tags, change.tags ?? now.tags) || !sameSet(now.contentTags, change.contentTags ?? now.contentTags)) throw forbidden(LOCK_COPY.refusedTags);
  }
}
