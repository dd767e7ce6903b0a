import { isId } from "~/db/ids";
import { announcementSchema } from "~/lib/forms/announcement";
import { apiAction, onlyMethods } from "~/web/api.server";
import { jsonError, notFound } from "~/lib/http/http.server";
import { announcementInput, deleteAnnouncement, pictureKeys, unusedPictures, updateAnnouncement } from "~/models/announcement.server";
import { ANNOUNCEMENT_MESSAGES } from "~/spec/moderation";

/** PUT (the same body as POST) replaces an announcement; DELETE removes it and its pictures (moderators). */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "moderate", schema: { PUT: announcementSchema } },
  async ({ context, request, user, params, body }) => {
    if (!isId(params.id)) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    const dropped =
      request.method === "DELETE"
        ? await deleteAnnouncement(context.db, user, params.id)
        : await updateAnnouncement(context.db, user, params.id, announcementInput(body!, user));
    if (dropped === null) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    if (dropped === "taken")
      throw jsonError(409, ANNOUNCEMENT_MESSAGES.titleTaken, { code: "title_taken", fields: { title: ANNOUNCEMENT_MESSAGES.titleTaken } });
    const unused = dropped.length ? await unusedPictures(context.db, dropped) : [];
    if (unused.length) context.ctx.waitUntil(context.env.MEDIA.delete(pictureKeys(unused)));
    return { id: params.id, deleted: request.method === "DELETE" };
  },
);

export const loader = onlyMethods("PUT", "DELETE");
