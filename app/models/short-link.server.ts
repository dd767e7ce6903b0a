import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { shortLinks } from "~/db/schema";

const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newCode(length = 7) {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The short code for a path on this site; the same path always gets the same code. */
export async function shorten(db: Db, path: string, userId: string | null) {
  const existing = await db.select({ code: shortLinks.code }).from(shortLinks).where(eq(shortLinks.originalUrl, path)).get();
  if (existing) return existing.code;
  const code = newCode();
  await db.insert(shortLinks).values({ code, originalUrl: path, userId }).onConflictDoNothing().run();
  return (await db.select({ code: shortLinks.code }).from(shortLinks).where(eq(shortLinks.originalUrl, path)).get())!.code;
}

export async function resolveShortLink(db: Db, code: string) {
  if (!/^[A-Za-z0-9]{4,16}$/.test(code)) return null;
  return (await db.select({ url: shortLinks.originalUrl }).from(shortLinks).where(eq(shortLinks.code, code)).get())?.url ?? null;
}
