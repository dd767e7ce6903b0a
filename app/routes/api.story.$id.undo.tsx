import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { loadStory, storyOnScreen, undoTurn } from "~/models/story.server";
import { STORY_MESSAGES } from "~/spec/story";

/** POST: undoes the last turn on screen (the passage and the choice that brought it); answers the turns now on screen. */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ context, user, params }) => {
  const owner = { env: context.env, userId: user.id };
  const loaded = isId(params.id) ? await loadStory(owner, params.id) : null;
  if (!loaded) throw notFound(STORY_MESSAGES.notFound);
  const tip = await undoTurn(owner, loaded.story.id);
  if (!tip) throw badRequest(STORY_MESSAGES.nothingToUndo);
  const after = await loadStory(owner, loaded.story.id);
  return { turns: after ? storyOnScreen(after) : [] };
});

export const loader = onlyMethods("POST");
