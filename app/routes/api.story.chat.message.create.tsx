import * as z from "zod";
import { isId } from "~/db/ids";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { choiceId } from "~/lib/story/parse";
import { plain, screened } from "~/lib/safety/form-rules";
import { storyPath } from "~/lib/story-tree";
import { appendTurn, loadStory } from "~/models/story.server";
import { STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";

const schema = z.lazy(() =>
  z.object({
    storyId: plain("id", z.string().max(64)),
    parentId: plain("id", z.string().max(64)).optional(),
    content: screened("story.passage", z.string().trim().min(1, STORY_MESSAGES.writeSomething).max(STORY_LIMITS.premiseMax, STORY_MESSAGES.premiseTooLong)),
    choices: z
      .array(screened("story.passage", z.string().trim().min(1).max(200)))
      .max(4)
      .default([]),
  }),
);

/**
 * POST `{ storyId, parentId?, content, choices? }` (spec section 7, "story chat message"): stores a
 * passage the person wrote themselves after `parentId` (the tip by default), with the choices they
 * offer; no model is asked and nothing is spent. Answers 201 with the stored message.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create", schema }, async ({ context, user, body }) => {
  const story = isId(body.storyId) ? await loadStory({ env: context.env, userId: user.id }, body.storyId) : null;
  if (!story) throw notFound(STORY_MESSAGES.notFound);
  const parentId = body.parentId ?? story.story.leafMessageId ?? storyPath(story.all, null).at(-1)?.id ?? null;
  if (parentId && !story.all.some((m) => m.id === parentId)) throw badRequest(STORY_MESSAGES.passageGone);
  const choices = body.choices.map((text) => ({ id: choiceId(), text }));
  const made = await appendTurn(
    { env: context.env, userId: user.id },
    { storyId: story.story.id, parentId, action: null, passage: { content: body.content, choices } },
  );
  if (!made) throw notFound(STORY_MESSAGES.notFound);
  return created({ status: "created", data: { id: made.messageId, storyId: story.story.id, parentId, role: "story", content: body.content, choices } });
});

export const loader = onlyMethods("POST");
