import * as z from "zod";
import { plain, screened } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { apiAction, apiLoader } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { deepestFrom } from "~/lib/story-tree";
import { deleteStory, loadStory, renameStory, showBranch, storyCharacters, storyOnScreen } from "~/models/story.server";
import { STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";

/** GET: a story of the user, its characters and the turns on screen (each with its branch position). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const loaded = isId(params.id) ? await loadStory({ env: context.env, userId: user.id }, params.id) : null;
  if (!loaded) throw notFound(STORY_MESSAGES.notFound);
  const { id, title, genre, premise, characterIds, updatedAt } = loaded.story;
  const characters = (await storyCharacters(context.db, user, characterIds)).map((c) => ({ id: c.id, name: c.name, thumbnailUrl: c.thumbnailUrl }));
  return { story: { id, title, genre, premise, updatedAt: updatedAt.toISOString(), characters }, turns: storyOnScreen(loaded) };
});

const patchSchema = z.lazy(() =>
  z.union([
    z.object({ title: screened("story.title", z.string().trim().min(1, STORY_MESSAGES.titleRequired).max(STORY_LIMITS.titleMax)) }),
    /** Show another branch: the newest turn under this one becomes the tip. */
    z.object({ showMessageId: plain("id", z.string().max(64)) }),
  ]),
);

/** PATCH `{ title }` renames; PATCH `{ showMessageId }` shows that branch. DELETE removes the story and every turn. */
export const action = apiAction(
  { methods: ["PATCH", "DELETE"], auth: "user", schema: { PATCH: patchSchema } },
  async ({ context, request, user, params, body }) => {
    if (!isId(params.id)) throw notFound(STORY_MESSAGES.notFound);
    if (request.method === "DELETE") {
      if (!(await deleteStory({ env: context.env, userId: user.id }, params.id))) throw notFound(STORY_MESSAGES.notFound);
      return { deleted: true };
    }
    if ("title" in body!) {
      if (!(await renameStory({ env: context.env, userId: user.id }, params.id, body.title))) throw notFound(STORY_MESSAGES.notFound);
      return { title: body.title };
    }
    const loaded = await loadStory({ env: context.env, userId: user.id }, params.id);
    if (!loaded) throw notFound(STORY_MESSAGES.notFound);
    if (!loaded.all.some((m) => m.id === body!.showMessageId)) throw badRequest(STORY_MESSAGES.passageGone);
    const tip = deepestFrom(loaded.all, body!.showMessageId);
    await showBranch({ env: context.env, userId: user.id }, loaded.story.id, tip);
    return { turns: storyOnScreen({ ...loaded, story: { ...loaded.story, leafMessageId: tip } }) };
  },
);
