import * as z from "zod";
import { plain, screened, type Unconfirmed } from "~/lib/safety/form-rules";
import "~/lib/zod-config";
import type { Passed } from "~/lib/safety/screened";
import { safeUrl } from "~/lib/safe-url";
import { ANNOUNCEMENT_LIMITS as LIMITS, ANNOUNCEMENT_MESSAGES as M } from "~/spec/moderation";

/** A picture uploaded for announcements (POST /api/mods/announcements/images). */
export const ANNOUNCEMENT_PICTURE = /^\/media\/announcements\/[0-9a-z]+\.(png|jpg|webp)$/;

/** What a moderator writes: POST /api/mods/announcements and PUT /api/mods/announcements/:id. */
export const announcementSchema = z.lazy(() =>
  z.object({
    title: screened("announcement", z.string().trim().min(1, M.titleRequired).max(LIMITS.titleMax)),
    link: plain(
      "url",
      z
        .string()
        .trim()
        .max(LIMITS.linkMax)
        // A path on this site, not "//host" or "/\\host" (which browsers read as another site).
        .refine((v) => v === "" || ((/^https?:\/\//i.test(v) || /^\/(?![/\\])/.test(v)) && safeUrl(v) === v), M.linkInvalid),
    ).default(""),
    author: screened("announcement", z.string().trim().max(LIMITS.authorMax)).optional(),
    date: plain("date", z.iso.date()).optional(),
    content: z
      .array(screened("announcement", z.string().trim().max(LIMITS.blockMax)))
      .transform((blocks) => blocks.filter(Boolean))
      // The blocks again, counted (each one is screened above).
      .pipe(
        z
          .array(z.custom<string & Unconfirmed>((block) => typeof block === "string"))
          .min(1, M.contentRequired)
          .max(LIMITS.blocksMax),
      ),
    images: z
      .array(plain("url", z.string().regex(ANNOUNCEMENT_PICTURE, M.imageInvalid)))
      .max(LIMITS.imagesMax)
      .default([]),
  }),
);
export type AnnouncementBody = Passed<typeof announcementSchema>;
