import { apiLoader } from "~/web/api.server";
import { listStories } from "~/models/story.server";

/** GET: the user's stories, last played first: `{ stories: [{ id, title, genre, characters, updatedAt }] }`. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => ({ stories: await listStories(context, user) }));
