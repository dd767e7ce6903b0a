import { isId } from "~/db/ids";
import type { Db } from "~/db/client.server";
import { canEditCharacter } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { characterOwner } from "~/models/character-write.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** Only the owner or a moderator may change a character; 404 when there is none, 403 when not theirs. */
export async function requireCharacterEditor(db: Db, user: SessionUser, id: string | undefined) {
  const owner = isId(id) ? await characterOwner(db, id) : undefined;
  if (!owner) throw notFound(CHARACTER_MESSAGES.notFound);
  if (!canEditCharacter(user, owner)) throw forbidden(CHARACTER_MESSAGES.onlyCreator);
  return { id: id!, ...owner };
}
