import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export async function loader({ context }: LoaderFunctionArgs) {
  return Response.json({ csrfToken: context.getCsrfToken() }, { headers: { "Cache-Control": "no-store" } });
}
