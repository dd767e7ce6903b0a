import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, generatedImages } from "~/db/schema";
import type { MediaFile } from "~/lib/http/media-file";

export type { MediaFile };

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
