import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listProviders } from "~/lib/auth/providers.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json(listProviders(context.config, new URL(request.url).origin));
}
