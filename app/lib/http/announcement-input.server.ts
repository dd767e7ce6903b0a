import type { SessionUser } from "~/lib/auth/session.server";
import type { AnnouncementBody } from "~/lib/forms/announcement";
import type { AnnouncementInput } from "~/models/announcement.server";

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
