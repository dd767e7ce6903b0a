import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/auth/permissions.server";
import { listConnections } from "~/models/patreon.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return Response.json(await listConnections(context.db, user.id), { headers: { "Cache-Control": "private, no-store" } });
}
