import * as z from "zod";
import { assertTakedownAllows, requireCharacterEditor } from "~/services/auth/character-access.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { setPublished } from "~/models/character-write.server";
import { enqueueJob } from "~/models/jobs.server";
import type { NotifyFollowersInput } from "~/jobs/notify-followers-job.server";

/** PUT { isPublic }: publish (sets the release date the first time) or unpublish; not publish what a moderator made private. */
export const action = apiAction(
  { methods: ["PUT"], auth: "user", schema: z.lazy(() => z.object({ isPublic: z.boolean() })) },
  async ({ context, user, params, body }) => {
    const character = await requireCharacterEditor(context.db, user, params.id);
    await assertTakedownAllows(context.db, character, { publish: body.isPublic });
    const { id } = character;
    const { firstRelease, ...published } = await setPublished(context.db, id, body.isPublic);
    // Its creator's followers hear of it in the background, a page at a time (decision 095).
    if (firstRelease) await enqueueJob(context, { type: "notify-followers", userId: null, input: { characterId: id } satisfies NotifyFollowersInput });
    return { id, ...published };
  },
);

export const loader = onlyMethods("PUT");
