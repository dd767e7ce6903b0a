import { chooseModelOrVoice, CHAT_SETTINGS_SCHEMAS, rewritePersona } from "~/services/chat/settings.server";
import { apiAction, onlyMethods } from "~/web/api.server";

const { PUT, POST } = CHAT_SETTINGS_SCHEMAS;

/**
 * `?characterId=`: PUT `{ model }` or `{ voice }` saves this user's choice for the character.
 * POST `{ id, persona }` saves their own version of the character's persona (premium); null resets it.
 */
export const action = apiAction({ methods: ["PUT", "POST"], auth: "user", schema: { PUT, POST } }, async ({ request, context, user, can, body }) => {
  const characterId = new URL(request.url).searchParams.get("characterId") ?? undefined;
  if (request.method === "PUT") return await chooseModelOrVoice(context, { user, can }, characterId, body as typeof PUT._output);
  return await rewritePersona(context, { user, can }, characterId, body as typeof POST._output);
});

export const loader = onlyMethods("PUT", "POST");
