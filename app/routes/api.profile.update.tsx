import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonMutation, ok, mutationOnlyLoader } from "~/lib/http/api.server";
import { profileUpdateSchema } from "~/lib/forms/account";
import { updateProfile } from "~/models/profile.server";

/** PUT { name?, description?, persona?, nameKnownToBot? }: only the fields that changed are sent. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["PUT"], profileUpdateSchema);
  await updateProfile(context.db, user.id, body);
  return ok();
}

export const loader = mutationOnlyLoader;
