import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { canEditCharacter } from "~/lib/auth/capabilities";
import { characterOwner } from "~/models/character-write.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import type { SessionUser } from "~/lib/auth/session.server";

/** Only the owner or a moderator may change a character; 404 when there is none, 403 when not theirs. */
export async function requireCharacterEditor(context: AppLoadContext, user: SessionUser, id: string | undefined) {
  const owner = isId(id) ? await characterOwner(context.db, id) : undefined;
  if (!owner) throw notFound("Character not found");
  if (!canEditCharacter(user, owner)) throw forbidden("Only the character's creator can change it.");
  return { id: id!, ...owner };
}
