import { welcomeSchema } from "~/lib/forms/welcome";
import { apiAction, onlyMethods } from "~/web/api.server";
import { setFlash } from "~/lib/http/flash.server";
import { badRequest } from "~/lib/http/http.server";
import { endWelcome } from "~/lib/account/welcome.server";
import { createPersona } from "~/models/persona.server";
import { updateProfile } from "~/models/profile.server";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";
import { ACCOUNT_MESSAGES, WELCOME_MESSAGES } from "~/spec/messages";

/**
 * POST { name, persona? } or { skip: true }: the first sign-in's welcome step (decision 033). The
 * name becomes the display name characters call the person; a persona, when written, becomes their
 * default persona (within the usual 20). Either answer ends the step; a saved one greets them on the
 * page the root loader reloads (a flash toast: the dialog is gone by then).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: welcomeSchema }, async ({ request, context, user, body }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  headers.append("Set-Cookie", await endWelcome(context, request));
  if (body.skip || !body.name) return Response.json({ name: null, persona: null }, { headers });
  const persona = body.persona ? await createPersona(context.db, user.id, { name: body.name, persona: body.persona, isDefault: true }) : null;
  if (body.persona && !persona) throw badRequest(ACCOUNT_MESSAGES.tooManyPersonas(PERSONAS_PER_USER_MAX));
  await updateProfile(context.db, user.id, { name: body.name });
  const greeting = { title: WELCOME_MESSAGES.saved(body.name), description: persona ? WELCOME_MESSAGES.savedPersona : undefined, variant: "success" as const };
  headers.append("Set-Cookie", await setFlash(context, request, greeting));
  return Response.json({ name: body.name, persona }, { headers });
});

export const loader = onlyMethods("POST");
