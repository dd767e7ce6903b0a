import * as z from "zod";
import { isId } from "~/db/ids";
import { apiAction, apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { deletePicture, findOwnPicture, setShared } from "~/models/images.server";
import { IMAGE_MESSAGES } from "~/spec/images";

const shareSchema = z.lazy(() => z.object({ shared: z.boolean({ message: "Say whether the picture is shared: true or false." }) }));

/** GET: one of the user's own pictures. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const picture = isId(params.id) ? await findOwnPicture(context.db, user.id, params.id) : undefined;
  if (!picture) throw notFound(IMAGE_MESSAGES.notFound);
  return picture;
});

/** PATCH `{ shared }` shares the picture (its page becomes public) or takes it back; DELETE removes the picture and its file. */
export const action = apiAction(
  { methods: ["PATCH", "DELETE"], auth: "user", schema: { PATCH: shareSchema } },
  async ({ request, context, user, params, body }) => {
    const id = isId(params.id) ? params.id : null;
    if (request.method === "DELETE") {
      if (!id || !(await deletePicture(context.db, context.env.MEDIA, user.id, id))) throw notFound(IMAGE_MESSAGES.notFound);
      return { id, deleted: true };
    }
    if (!id || !(await setShared(context.db, user.id, id, body!.shared))) throw notFound(IMAGE_MESSAGES.notFound);
    return await findOwnPicture(context.db, user.id, id);
  },
);
