import type { AppLoadContext } from "@remix-run/cloudflare";
import { characterInputSchema, SAFETY_CHECKED_FIELDS, type CharacterInput } from "./character-schema";
import { jsonMutation } from "./api.server";
import { badRequest } from "./http.server";
import { findUnsafe } from "./safety";

/** A signed-in JSON create or update: schema, then the content-safety rules on what the person wrote. */
export async function parseCharacterRequest(request: Request, context: AppLoadContext, method: "POST" | "PUT") {
  const { user, body } = await jsonMutation(request, context, [method], characterInputSchema);
  const texts: [string, string][] = [
    ...SAFETY_CHECKED_FIELDS.map((f) => [f, body[f]] as [string, string]),
    ...body.alternateGreetings.map((g, i) => [`alternateGreetings.${i}`, g] as [string, string]),
  ];
  for (const [field, text] of texts) {
    const hit = findUnsafe(text);
    if (hit) throw badRequest(`${field}: "${hit}" is not allowed. Characters must be adults, and our rules forbid this content (see /rules).`);
  }
  return { user, input: body as CharacterInput };
}
