import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { apiLoader } from "~/web/api.server";
import { searchUsers } from "~/models/moderation.server";

/** GET `?q=` (moderators): users by email, name or id, with their characters and open reports. */
export const loader = apiLoader(
  { auth: "moderate", query: z.lazy(() => z.object({ q: plain("search", z.string().max(200)).default("") })) },
  async ({ context, query }) => ({
    users: await searchUsers(context.db, query.q),
  }),
);
