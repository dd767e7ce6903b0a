import { apiLoader } from "~/web/api.server";

/** `{ csrfToken }`: this visitor's token (issued now, with its cookie, if they had none). */
export const loader = apiLoader({ auth: "public" }, async ({ context }) => ({ csrfToken: context.getCsrfToken() }));
