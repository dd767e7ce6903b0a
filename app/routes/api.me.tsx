import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { getMe } from "~/models/user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sessionUser = await requireUser(request, context);
  const user = await getMe(context.db, sessionUser.id, context.config);
  if (!user) throw notFound("User not found");
  return Response.json({ user }, { headers: { "Cache-Control": "private, no-store" } });
}
