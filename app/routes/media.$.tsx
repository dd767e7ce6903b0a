import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { mediaAccess } from "~/lib/auth/capabilities";
import { getSessionUser } from "~/services/auth/session.server";
import { hasValidSignature, serveMedia } from "~/lib/http/media.server";
import { isMediaKey } from "~/lib/media-key";
import { mediaFile } from "~/models/media.server";

/** GET /media/<key>: a file from R2, to whoever may see it (decision 026); a signed address stands in for a session. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isMediaKey(key)) return await serveMedia(context.env.MEDIA, key, request, "denied");
  if (await hasValidSignature(context.config.sessionSecret, key, request)) return await serveMedia(context.env.MEDIA, key, request, "private");
  const file = await mediaFile(context.db, key);
  // What anyone may fetch needs no session: the catalog's thumbnails do not read one each.
  const open = mediaAccess(null, file);
  const access = open === "denied" && file ? mediaAccess(await getSessionUser(request, context), file) : open;
  return await serveMedia(context.env.MEDIA, key, request, access);
}
