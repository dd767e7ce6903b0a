import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireCsrf } from "~/lib/http/csrf.server";
import { z } from "zod";
import { badRequest, parseJson } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { parsePreference } from "~/lib/forms/preference";
import { setPreference } from "~/models/preference.server";
import { mutationOnlyLoader } from "~/lib/http/api.server";

/** POST { key, value }: saves one UserPreference field. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  const user = await requireUser(request, context);
  await requireCsrf(request, context);
  const parsed = parsePreference(await parseJson(request, z.unknown()));
  if (!parsed.ok) return badRequest(parsed.error);
  const preference = await setPreference(context.db, user.id, parsed.key, parsed.value);
  return Response.json({ success: true, preference });
}

export const loader = mutationOnlyLoader;
