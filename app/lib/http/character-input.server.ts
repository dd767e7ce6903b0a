import type { AppLoadContext } from "@remix-run/cloudflare";
import { characterInputSchema, characterTexts, type CharacterInput } from "~/lib/forms/character";
import { jsonMutation } from "~/lib/http/api.server";
import { badRequest } from "~/lib/http/http.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { findUnsafe } from "~/lib/safety";

/** A signed-in JSON create or update: schema, then the content-safety rules on what the person wrote. */
export async function parseCharacterRequest(request: Request, context: AppLoadContext, method: "POST" | "PUT") {
  const { user, body } = await jsonMutation(request, context, [method], characterInputSchema);
  if (method === "POST") await limitPerMinute(context, "create", `user:${user.id}`);
  const blocked = unsafeField(body);
  if (blocked) throw badRequest(blocked);
  return { user, input: body as CharacterInput };
}

/** The safety message for the first blocked field (naming it), or null when everything passes. */
export function unsafeField(input: Parameters<typeof characterTexts>[0]) {
  for (const [field, text] of characterTexts(input)) {
    const hit = findUnsafe(text);
    if (hit) return `${field}: "${hit}" is not allowed. Characters must be adults, and our rules forbid this content (see /rules).`;
  }
  return null;
}
