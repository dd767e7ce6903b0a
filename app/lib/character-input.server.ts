import type { AppLoadContext } from "@remix-run/cloudflare";
import { characterInputSchema, SAFETY_CHECKED_FIELDS, type CharacterInput } from "./character-schema";
import { jsonMutation } from "./api.server";
import { badRequest } from "./http.server";
import { findUnsafe } from "./safety";

/** A signed-in JSON create or update: schema, then the content-safety rules on what the person wrote. */
export async function parseCharacterRequest(request: Request, context: AppLoadContext, method: "POST" | "PUT") {
  const { user, body } = await jsonMutation(request, context, [method], characterInputSchema);
  const texts: string[] = [...SAFETY_CHECKED_FIELDS.map((f) => body[f]), ...body.alternateGreetings];
  for (const text of texts) {
    const hit = findUnsafe(text);
    if (hit) throw badRequest(`"${hit}" is not allowed: characters must be adults, and our rules forbid this content. See /rules.`);
  }
  return { user, input: body as CharacterInput };
}
