import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/lib/http/media.server";

export function loader({ params, context, request }: LoaderFunctionArgs) {
  return serveMedia(context.env.MEDIA, params["*"] ?? "", request);
}
