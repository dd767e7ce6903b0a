import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptClientLog } from "~/lib/http/client-log.server";
import { mutationOnlyLoader } from "~/lib/http/api.server";

/** The same beacon under the auth base path, where the spec's auth client sends it. */
export const action = ({ request, context }: ActionFunctionArgs) => acceptClientLog(request, context);

export const loader = mutationOnlyLoader;
