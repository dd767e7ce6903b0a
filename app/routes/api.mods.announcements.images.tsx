import { createId } from "~/db/ids";
import { uploadBody } from "~/services/cards/character-upload.server";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { badRequest } from "~/lib/http/http.server";
import { checkUpload, UPLOADS } from "~/lib/http/uploads.server";

/** POST multipart `file` (moderators): a picture for an announcement, checked by its bytes like a thumbnail; 201 `{ url }`. */
export const action = apiAction({ methods: ["POST"], auth: "moderate", limit: "create", multipart: uploadBody("announcement") }, async ({ context, form }) => {
  const file = await checkUpload("announcement", form!.get("file"));
  if (!file.ok) throw badRequest(file.error);
  const key = `${UPLOADS.announcement.folder}/${createId()}.${file.ext}`;
  await context.env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
  return created({ url: `/media/${key}` });
});

export const loader = onlyMethods("POST");
