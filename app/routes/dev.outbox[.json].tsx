import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { notFound } from "~/lib/http/http.server";
import { isDevOutboxOpen, listDevMails } from "~/models/dev-outbox.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isDevOutboxOpen(request, context.config)) throw notFound();
  return Response.json({ messages: await listDevMails(context.db) }, { headers: { "Cache-Control": "no-store" } });
}
