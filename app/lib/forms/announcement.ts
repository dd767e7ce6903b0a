import * as z from "zod";
import "~/lib/zod-config";
import { safeUrl } from "~/components/safe-media";
import { ANNOUNCEMENT_LIMITS as LIMITS, ANNOUNCEMENT_MESSAGES as M } from "~/spec/moderation";

/** A picture uploaded for announcements (POST /api/mods/announcements/images). */
export const ANNOUNCEMENT_PICTURE = /^\/media\/announcements\/[0-9a-z]+\.(png|jpg|webp)$/;

/** What a moderator writes: POST /api/mods/announcements and PUT /api/mods/announcements/:id. */
export const announcementSchema = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1, M.titleRequired).max(LIMITS.titleMax),
    link: z
      .string()
      .trim()
      .max(LIMITS.linkMax)
      // A path on this site, not "//host" or "/\\host" (which browsers read as another site).
      .refine((v) => v === "" || ((/^https?:\/\//i.test(v) || /^\/(?![/\\])/.test(v)) && safeUrl(v) === v), M.linkInvalid)
      .default(""),
    author: z.string().trim().max(LIMITS.authorMax).optional(),
    date: z.iso.date().optional(),
    content: z
      .array(z.string().trim().max(LIMITS.blockMax))
      .transform((blocks) => blocks.filter(Boolean))
      .pipe(z.array(z.string()).min(1, M.contentRequired).max(LIMITS.blocksMax)),
    images: z.array(z.string().regex(ANNOUNCEMENT_PICTURE, M.imageInvalid)).max(LIMITS.imagesMax).default([]),
  }),
);
export type AnnouncementBody = z.output<typeof announcementSchema>;
