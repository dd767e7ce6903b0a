import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { SessionUser } from "~/lib/auth/session-user";
import { canSeeImagePrompt, canViewCharacter } from "~/lib/auth/capabilities";
import { characterToCard } from "~/lib/cards/card-format";
import { getCharacterForEdit } from "./character-write.server";

/**
 * A character as Character Card V3 and V2 data, if the viewer can see it (public, or theirs, or a
 * moderator). The image and negative prompts are left out unless the viewer may see them.
 */
export async function loadCharacterCard(db: Db, id: string, viewer: SessionUser | null) {
  const character = await getCharacterForEdit(db, id);
  if (!character || !canViewCharacter(viewer, character)) return null;
  const prompts = canSeeImagePrompt(viewer, character);
  const author = character.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, character.userId)).get() : undefined;
  const cards = characterToCard({
    ...character,
    authorNotes: character.authorNotes ?? "",
    imagePrompt: prompts ? (character.imagePrompt ?? "") : "",
    negativePrompt: prompts ? (character.negativePrompt ?? "") : "",
    cardExtras: character.cardExtras,
    authorName: author?.name ?? null,
  });
  return { name: character.name, thumbnail: character.thumbnail, ...cards };
}
