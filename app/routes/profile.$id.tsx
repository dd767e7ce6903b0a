import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { CharacterGrid } from "~/components/character-grid";
import { RouteError } from "~/components/route-error";
import { UserAvatar } from "~/components/ui/user-avatar";
import { isId } from "~/db/ids";
import { users } from "~/db/schema";
import { invariantResponse } from "~/lib/http/http.server";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.profile.name ?? "Profile"} | ${BRAND}` }];

/** A public profile: name, picture, description and public characters. No email, no private data. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  invariantResponse(isId(params.id), "Profile not found");
  const profile = await context.db
    .select({ id: users.id, name: users.name, image: users.image, description: users.description, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.id, params.id))
    .get();
  invariantResponse(profile && !profile.isBanned, "Profile not found");
  const { isBanned: _b, ...safe } = profile;
  const { characters } = await loadCatalog(request, context, "profile", { profileUserId: profile.id });
  return { profile: safe, characters };
}

export default function Profile() {
  const { profile, characters } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex items-center gap-4">
        <UserAvatar image={profile.image} name={profile.name} size={64} />
        <div>
          <h1 className="text-2xl font-bold text-white">{profile.name ?? "Unknown"}</h1>
          {profile.description && <p className="mt-1 text-zinc-400">{profile.description}</p>}
        </div>
      </div>
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">Public characters</h2>
      {characters.length === 0 ? <p className="text-zinc-400">No public characters yet.</p> : <CharacterGrid characters={characters} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
