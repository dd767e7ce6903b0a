import { announcementSchema } from "~/lib/forms/announcement";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { jsonError } from "~/lib/http/http.server";
import { announcementInput, createAnnouncement } from "~/models/announcement.server";
import { ANNOUNCEMENT_MESSAGES } from "~/spec/moderation";

/** POST `{ title, link, author?, date?, content: string[], images: string[] }` (moderators): publishes an announcement; 409 on a title in use. */
export const action = apiAction({ methods: ["POST"], auth: "moderate", schema: announcementSchema }, async ({ context, user, body }) => {
  const id = await createAnnouncement(context.db, user, announcementInput(body, user));
  if (id === "taken") throw jsonError(409, ANNOUNCEMENT_MESSAGES.titleTaken, { code: "title_taken", fields: { title: ANNOUNCEMENT_MESSAGES.titleTaken } });
  return created({ id });
});

export const loader = onlyMethods("POST");
