import { listProviders } from "~/lib/auth/providers.server";
import { apiLoader } from "~/web/api.server";

/** Every configured sign-in method, as the spec's auth client lists them. */
export const loader = apiLoader({ auth: "public" }, async ({ request, context }) => listProviders(context.config, new URL(request.url).origin));
