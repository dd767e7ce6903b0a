import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CharacterGrid } from "~/components/character-grid";
import { RouteError } from "~/components/route-error";
import { UserAvatar } from "~/components/ui/user-avatar";
import { FollowButton } from "~/components/follow-button";
import { followState } from "~/models/follows.server";
import { getSessionUser } from "~/services/auth/session.server";
import { FOLLOW_COPY } from "~/spec/follows";
import { isId } from "~/db/ids";
import { invariantResponse } from "~/lib/http/http.server";
import { loadCatalog } from "~/services/catalog-page.server";
import { findPublicProfile } from "~/models/profile.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";
import { pageTitle, PROFILE_COPY as COPY } from "~/spec/pages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.profile.name ?? COPY.title) }];

/** A public profile: name, picture, description and public characters. No email, no private data. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  invariantResponse(isId(params.id), ACCOUNT_MESSAGES.profileNotFound);
  const profile = await findPublicProfile(context.db, params.id);
  invariantResponse(profile, ACCOUNT_MESSAGES.profileNotFound);
  const [{ characters }, viewer] = await Promise.all([
    loadCatalog(request, context, "profile", { profileUserId: profile.id }),
    getSessionUser(request, context),
  ]);
  // Followers (issue 64): the count is kept on the creator's row; whether the viewer follows, beside it.
  const follow = (await followState(context.db, profile.id, viewer?.id ?? null)) ?? { followers: 0, following: false };
  return { profile, characters, follow, canFollow: !!viewer && viewer.id !== profile.id };
}

export default function Profile() {
  const { profile, characters, follow, canFollow } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex items-center gap-4">
        <UserAvatar image={profile.image} name={profile.name} size={64} />
        <div>
          <h1 className="text-2xl font-bold text-white">{profile.name ?? COPY.unknownName}</h1>
          {profile.description && <p className="mt-1 text-zinc-400">{profile.description}</p>}
          <div className="mt-3">
            {canFollow ? (
              <FollowButton creatorId={profile.id} name={profile.name ?? COPY.unknownName} following={follow.following} followers={follow.followers} />
            ) : (
              <span className="text-sm text-zinc-400" data-testid="follower-count">
                {FOLLOW_COPY.followers(follow.followers)}
              </span>
            )}
          </div>
        </div>
      </div>
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">{COPY.publicCharacters}</h2>
      {characters.length === 0 ? <p className="text-zinc-400">{COPY.noPublicCharacters}</p> : <CharacterGrid characters={characters} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
