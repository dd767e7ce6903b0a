import type { AppLoadContext } from "react-router";
import { createId } from "~/db/ids";
import { requireCharacterEditor } from "~/services/auth/character-access.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { badRequest } from "~/lib/http/http.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { checkUpload, MULTIPART_OVERHEAD, UPLOADS, type UploadKind } from "~/lib/http/uploads.server";
import { setCharacterFile } from "~/models/character-write.server";
import { UPLOAD_MESSAGES } from "~/spec/messages";

/** The multipart body an upload of this kind may have (the file and the form around it). */
export const uploadBody = (kind: UploadKind) => ({ maxBytes: UPLOADS[kind].maxBytes + MULTIPART_OVERHEAD, tooLarge: UPLOAD_MESSAGES.tooLarge(kind) });

/** Stores a character's thumbnail or voice sample in R2 (checked by its bytes) and replaces the old file. */
export async function storeCharacterFile(context: AppLoadContext, user: SessionUser, characterId: string | undefined, kind: UploadKind, form: FormData) {
  await limitPerMinute(context, "create", `user:${user.id}`);
  const character = await requireCharacterEditor(context.db, user, characterId);
  const file = await checkUpload(kind, form.get("file"));
  if (!file.ok) throw badRequest(file.error);
  const key = `${UPLOADS[kind].folder}/${character.id}-${createId()}.${file.ext}`;
  await context.env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
  const field = kind === "thumbnail" ? "thumbnail" : "voiceSampleFile";
  // A thumbnail a moderator marked NSFW stays marked: so is any new one (decision 026).
  const nsfw = form.get("isNsfw") === "true" || character.lock?.nsfw !== undefined;
  await setCharacterFile(context.db, character.id, field, key, kind === "thumbnail" ? { isNsfwThumbnail: nsfw } : {});
  const previous = character[field];
  if (previous && previous !== key) context.ctx.waitUntil(context.env.MEDIA.delete(previous));
  return { key, url: `/media/${key}` };
}
