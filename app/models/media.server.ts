import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, generatedImages } from "~/db/schema";

/**
 * Whose a file in R2 is, from its key (decision 026): announcement pictures are everyone's; a
 * picture is its maker's (shared or not); speech is the person's it was made for (`speech/<userId>-…`);
 * thumbnails and voice samples are their character's (`<folder>/<characterId>-…`). Null when the
 * key names nothing we keep.
 */
export type MediaFile =
  | { kind: "announcement" }
  | { kind: "picture"; userId: string; shared: boolean }
  | { kind: "speech"; userId: string }
  | { kind: "character"; userId: string | null; isPublic: boolean };

export async function mediaFile(db: Db, key: string): Promise<MediaFile | null> {
  const [folder, file] = key.split("/");
  const before = (mark: string) => file.slice(0, Math.max(0, file.indexOf(mark)));
  if (folder === "announcements") return { kind: "announcement" };
  if (folder === "speech") return before("-") ? { kind: "speech", userId: before("-") } : null;
  if (folder === "images") {
    const row = await db
      .select({ userId: generatedImages.userId, shared: generatedImages.isShared })
      .from(generatedImages)
      .where(eq(generatedImages.r2Key, key))
      .get();
    return row ? { kind: "picture", ...row } : null;
  }
  const row = await db
    .select({ userId: characters.userId, isPublic: characters.isPublic })
    .from(characters)
    .where(eq(characters.id, before("-")))
    .get();
  return row ? { kind: "character", ...row } : null;
}
