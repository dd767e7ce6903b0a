import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createId } from "~/db/ids";
import { setCharacterFile } from "~/models/character-write.server";
import { multipartForm, ok, requireMethod } from "~/lib/http/api.server";
import { requireCharacterEditor } from "~/lib/auth/character-access.server";
import { badRequest } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { checkUpload, MULTIPART_OVERHEAD, UPLOADS, type UploadKind } from "~/lib/http/uploads.server";

/** POST multipart `file` (and `isNsfw` for thumbnails): stores it in R2 and replaces the old file. */
export function uploadAction(kind: UploadKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    requireMethod(request, "POST");
    const user = await requireUser(request, context);
    await limitPerMinute(context, "create", `user:${user.id}`);
    const character = await requireCharacterEditor(context, user, params.id);
    const tooLarge = `${UPLOADS[kind].label} can be at most ${UPLOADS[kind].maxBytes / 1024 / 1024} MB.`;
    const form = await multipartForm(request, context, "Send the file as multipart form data in a field named file.", UPLOADS[kind].maxBytes + MULTIPART_OVERHEAD, tooLarge);
    const file = await checkUpload(kind, form.get("file"));
    if (!file.ok) return badRequest(file.error);
    const key = `${UPLOADS[kind].folder}/${character.id}-${createId()}.${file.ext}`;
    await context.env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.type, cacheControl: "public, max-age=31536000, immutable" } });
    const field = kind === "thumbnail" ? "thumbnail" : "voiceSampleFile";
    await setCharacterFile(context.db, character.id, field, key, kind === "thumbnail" ? { isNsfwThumbnail: form.get("isNsfw") === "true" } : {});
    const previous = character[field];
    if (previous && previous !== key) context.ctx.waitUntil(context.env.MEDIA.delete(previous));
    return ok({ key, url: `/media/${key}` });
  };
}
