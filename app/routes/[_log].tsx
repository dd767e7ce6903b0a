import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptClientLog } from "~/lib/http/client-log.server";
import { mutationOnlyLoader } from "~/lib/http/api.server";

export const action = ({ request, context }: ActionFunctionArgs) => acceptClientLog(request, context);

export const loader = mutationOnlyLoader;
