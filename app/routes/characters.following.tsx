import { Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CatalogPage } from "~/components/catalog-page";
import { FollowButton } from "~/components/follow-button";
import { RouteError } from "~/components/route-error";
import { UserAvatar } from "~/components/ui/user-avatar";
import { pageMeta } from "~/lib/http/page-meta";
import { recentChatCharacters } from "~/models/chat.server";
import { suggestedCreators } from "~/models/follows.server";
import { requireUser } from "~/services/auth/permissions.server";
import { loadCatalog } from "~/services/catalog-page.server";
import { FOLLOW_COPY } from "~/spec/follows";
import { PROFILE_COPY } from "~/spec/pages";

export const meta = pageMeta(FOLLOW_COPY.page);

/** The newest public characters of the creators the person follows (issue 64); for someone who follows nobody, creators to follow. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const list = await loadCatalog(request, context, "following", { signedIn: true });
  const suggestions =
    list.total === 0 && !list.q && !list.tags.length
      ? await suggestedCreators(context.db, user.id, await recentChatCharacters({ env: context.env, userId: user.id }, 50))
      : [];
  return { list, suggestions };
}

export default function Following() {
  const { list, suggestions } = useLoaderData<typeof loader>();
  return (
    <CatalogPage
      {...FOLLOW_COPY.page}
      data={list}
      sortable={false}
      empty={
        <div className="space-y-4">
          <p className="text-zinc-300">{FOLLOW_COPY.empty}</p>
          {suggestions.length > 0 && (
            <section aria-labelledby="follow-suggestions">
              <h2 id="follow-suggestions" className="mb-3 text-lg font-semibold text-white">
                {FOLLOW_COPY.suggestions}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="follow-suggestions">
                {suggestions.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-3 rounded-lg border border-zinc-800 p-3">
                    <Link to={`/profile/${c.id}`} className="flex min-w-0 items-center gap-3 hover:underline">
                      <UserAvatar image={c.image} name={c.name} size={40} />
                      <span className="truncate font-semibold text-white">{c.name ?? PROFILE_COPY.unknownName}</span>
                    </Link>
                    <FollowButton creatorId={c.id} name={c.name ?? PROFILE_COPY.unknownName} following={false} followers={c.followers} showCount={false} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      }
    />
  );
}

export const ErrorBoundary = RouteError;
