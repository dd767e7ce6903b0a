import { profileUpdateSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/web/api.server";
import { updateProfile } from "~/models/profile.server";

/** PUT { name?, description?, persona?, nameKnownToBot? }: only the fields that changed are sent; answers the profile. */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema: profileUpdateSchema }, ({ context, user, body }) =>
  updateProfile(context.db, user.id, body),
);

export const loader = onlyMethods("PUT");
