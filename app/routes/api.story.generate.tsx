import { generateSchema, generateStory } from "~/services/story/generate.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * POST `{ storyId?, characterIds?, premise?, genre?, personaId?, parentId?, choiceId?, action? }`
 * (spec section 7): without `storyId` it starts a story. JSON answers
 * `{ storyId, messageId, actionId, story, choices }` when the passage is stored;
 * `Accept: text/event-stream` streams it (lib/story/events.ts).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: generateSchema }, ({ context, request, user, can, body }) =>
  generateStory(context, request, { user, can }, body),
);

export const loader = onlyMethods("POST");
