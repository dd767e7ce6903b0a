import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptClientLog } from "~/lib/client-log.server";

export const action = ({ request }: ActionFunctionArgs) => acceptClientLog(request);
