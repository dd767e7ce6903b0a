import { data, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { GroupList } from "~/components/groups/group-list";
import { NewGroupForm } from "~/components/groups/new-group-form";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { isId } from "~/db/ids";
import { requireUser } from "~/services/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { groupOut, listGroups } from "~/models/groups.server";
import { recentChatCharacters } from "~/models/chat.server";
import { RECENT_CANDIDATES, storyCandidates, storyCharacters } from "~/models/story.server";
import { GROUP_COPY } from "~/spec/groups";

export const meta = pageMeta(GROUP_COPY);

/** Group chats (issue 26): the person's groups and a new one; `?with=` picks a character to start with (from its page or the catalog). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const wanted = new URL(request.url).searchParams.get("with");
  // The person's object first (their groups, whom they chatted with lately), then the D1 reads at
  // once: the page waits on D1 twice, the session and then these (issue 28).
  const [groups, chatted] = await Promise.all([
    listGroups({ env: context.env, userId: user.id }),
    recentChatCharacters({ env: context.env, userId: user.id }, RECENT_CANDIDATES),
  ]);
  const [candidates, extra] = await Promise.all([
    storyCandidates(context.db, user, chatted),
    isId(wanted) ? storyCharacters(context.db, user, [wanted]) : Promise.resolve([]),
  ]);
  const more = extra.filter((c) => !candidates.some((k) => k.id === c.id)).map(({ id, name, thumbnailUrl }) => ({ id, name, thumbnailUrl }));
  return data(
    {
      groups: groups.map((g) => ({ ...groupOut({ ...g, scenario: "" }), lastLine: g.lastLine, lastSpeakerId: g.lastSpeakerId })),
      candidates: [...more, ...candidates.map(({ id, name, thumbnailUrl }) => ({ id, name, thumbnailUrl }))],
      preselected: extra.map((c) => c.id),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function Page() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <PageHeader title={GROUP_COPY.title}>{GROUP_COPY.description}</PageHeader>
      <NewGroupForm key={page.preselected.join()} candidates={page.candidates} preselected={page.preselected} />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-white">{GROUP_COPY.yourGroups}</h2>
        <GroupList groups={page.groups} />
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
