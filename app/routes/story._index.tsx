import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { NewStoryForm } from "~/components/story/new-story-form";
import { StoryList } from "~/components/story/story-list";
import { isId } from "~/db/ids";
import { requireUser } from "~/services/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { listPersonas } from "~/models/persona.server";
import { recentChatCharacters } from "~/models/chat.server";
import { RECENT_CANDIDATES, storyCandidates, storyCharacters, storyRows, withCharacters } from "~/models/story.server";
import { STORY_COPY } from "~/spec/story";

export const meta = pageMeta(STORY_COPY);

/** Story mode (spec section 1): the person's stories and a new one; `?characterId=` picks a character to start with. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const wanted = new URL(request.url).searchParams.get("characterId");
  // The person's object first (their stories, whom they chatted with lately), then every D1 read at
  // once: the page waits on D1 twice, the session and then these (issue 28).
  const [rows, chatted] = await Promise.all([storyRows(context, user), recentChatCharacters({ env: context.env, userId: user.id }, RECENT_CANDIDATES)]);
  const [stories, candidates, personas, extra] = await Promise.all([
    withCharacters(context.db, user, rows),
    storyCandidates(context.db, user, chatted),
    listPersonas(context.db, user.id),
    isId(wanted) ? storyCharacters(context.db, user, [wanted]) : Promise.resolve([]),
  ]);
  const more = extra
    .filter((c) => !candidates.some((k) => k.id === c.id))
    .map(({ id, name, scenario, thumbnailUrl }) => ({ id, name, scenario, thumbnailUrl }));
  return {
    stories,
    candidates: [...more, ...candidates],
    personas: personas.map((p) => ({ id: p.id, name: p.name, isDefault: p.isDefault })).sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
    preselected: extra.map((c) => c.id),
  };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <PageHeader title={STORY_COPY.title}>{STORY_COPY.description}</PageHeader>
      <NewStoryForm key={data.preselected.join()} candidates={data.candidates} personas={data.personas} preselected={data.preselected} />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-white">{STORY_COPY.yourStories}</h2>
        <StoryList stories={data.stories} />
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
