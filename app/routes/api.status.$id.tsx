import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { getJobStatus } from "~/jobs/enqueue.server";
import { notFound } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";

/** Polled every second by the client while a generation job runs. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isId(params.id)) return notFound("Job not found");
  const status = await getJobStatus(context, params.id, user.id);
  if (!status) return notFound("Job not found");
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
}
