import * as z from "zod";
import { assertTakedownAllows, requireCharacterEditor } from "~/services/auth/character-access.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { setPublished } from "~/models/character-write.server";

/** PUT { isPublic }: publish (sets the release date the first time) or unpublish; not publish what a moderator made private. */
export const action = apiAction(
  { methods: ["PUT"], auth: "user", schema: z.lazy(() => z.object({ isPublic: z.boolean() })) },
  async ({ context, user, params, body }) => {
    const character = await requireCharacterEditor(context.db, user, params.id);
    await assertTakedownAllows(context.db, character, { publish: body.isPublic });
    const { id } = character;
    return { id, ...(await setPublished(context.db, id, body.isPublic)) };
  },
);

export const loader = onlyMethods("PUT");
