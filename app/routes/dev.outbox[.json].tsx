import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http.server";
import { listDevMails } from "~/models/dev-outbox.server";

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.config.isProduction) throw notFound();
  return Response.json({ messages: await listDevMails(context.db) }, { headers: { "Cache-Control": "no-store" } });
}
