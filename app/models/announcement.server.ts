import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { announcements } from "~/db/schema";
import type { SessionUser } from "~/lib/auth/session-user";
import type { AnnouncementBody } from "~/lib/forms/announcement";
import { logLine, type Moderator } from "./moderation.server";
import type { ScreenedText } from "~/lib/safety/screened";

/** The latest announcements, newest first, dated as YYYY-MM-DD. */
export async function listAnnouncements(db: Db, limit = 50) {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.date)).limit(limit);
  return rows.map((a) => ({ ...a, date: a.date.toISOString().slice(0, 10), createdAt: undefined }));
}
export type AnnouncementView = Awaited<ReturnType<typeof listAnnouncements>>[number];

/** An announcement as stored: its words passed the gate; the author is the moderator's own display name when they give none. */
export type AnnouncementInput = { title: ScreenedText; link: string; author: string; date: Date; content: ScreenedText[]; images: string[] };

/** The stored fields of a moderator's announcement: the author defaults to them, the date to today. */
export const announcementInput = (body: AnnouncementBody, user: SessionUser): AnnouncementInput => ({
  title: body.title,
  link: body.link,
  author: body.author || user.name || "Reverie Team",
  date: body.date ? new Date(`${body.date}T12:00:00Z`) : new Date(),
  content: body.content,
  images: body.images,
});

/** The R2 keys of announcement pictures, from their /media/ addresses. */
export const pictureKeys = (urls: string[]) => urls.map((url) => url.replace(/^\/media\//, ""));

const logAnnouncement = (db: Db, moderator: Moderator, action: string, id: string, title: string) =>
  logLine(db, moderator, { action, targetType: "announcement", targetId: id, targetLabel: title });

/** Whether a failed write hit the unique title (drizzle wraps D1's error in its own, with D1's as the cause). */
const titleTaken = (error: unknown): boolean =>
  !!error && (/UNIQUE constraint failed: announcements\.title/.test(String((error as Error).message ?? error)) || titleTaken((error as Error).cause));

/** A new announcement, logged; "taken" when another has its title (the title is the card's anchor). */
export async function createAnnouncement(db: Db, moderator: Moderator, input: AnnouncementInput) {
  try {
    const [row] = await db.insert(announcements).values(input).returning({ id: announcements.id });
    await logAnnouncement(db, moderator, "announcement.create", row.id, input.title).run();
    return row.id;
  } catch (error) {
    if (titleTaken(error)) return "taken" as const;
    throw error;
  }
}

/** Replaces an announcement's fields; answers the pictures it no longer shows (to delete), null when it is gone. */
export async function updateAnnouncement(db: Db, moderator: Moderator, id: string, input: AnnouncementInput) {
  const before = await db.select({ images: announcements.images }).from(announcements).where(eq(announcements.id, id)).get();
  if (!before) return null;
  try {
    await db.batch([db.update(announcements).set(input).where(eq(announcements.id, id)), logAnnouncement(db, moderator, "announcement.edit", id, input.title)]);
  } catch (error) {
    if (titleTaken(error)) return "taken" as const;
    throw error;
  }
  return before.images.filter((url) => !input.images.includes(url));
}

/** Deletes an announcement, logged; answers its pictures (to delete), null when it is gone. */
export async function deleteAnnouncement(db: Db, moderator: Moderator, id: string) {
  const row = await db.select({ title: announcements.title, images: announcements.images }).from(announcements).where(eq(announcements.id, id)).get();
  if (!row) return null;
  await db.batch([db.delete(announcements).where(eq(announcements.id, id)), logAnnouncement(db, moderator, "announcement.delete", id, row.title)]);
  return row.images;
}

/** Of these pictures, the ones no announcement shows any more (safe to delete from R2). */
export async function unusedPictures(db: Db, urls: string[]) {
  const rows = await db.select({ images: announcements.images }).from(announcements);
  const used = new Set(rows.flatMap((r) => r.images));
  return urls.filter((url) => !used.has(url));
}
