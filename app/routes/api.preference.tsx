import { preferenceSchema } from "~/lib/forms/preference";
import { apiAction, onlyMethods } from "~/web/api.server";
import { setPreference } from "~/models/preference.server";

/** POST { key, value }: saves one UserPreference field; answers the preferences. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: preferenceSchema }, async ({ context, user, body }) => ({
  preference: await setPreference(context.db, user.id, body.key, body.value),
}));

export const loader = onlyMethods("POST");
