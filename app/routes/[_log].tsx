import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptClientLog } from "~/lib/client-log.server";
import { mutationOnlyLoader } from "~/lib/api.server";

export const action = ({ request }: ActionFunctionArgs) => acceptClientLog(request);

export const loader = mutationOnlyLoader;
