import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { RouteError } from "~/components/route-error";
import { StoryPlay } from "~/components/story/story-play";
import { isId } from "~/db/ids";
import { requireUser } from "~/services/auth/permissions.server";
import { notFound } from "~/lib/http/http.server";
import { loadStory, storyCharacters, storyOnScreen } from "~/models/story.server";
import { pageTitle } from "~/spec/pages";
import { STORY_COPY, STORY_MESSAGES } from "~/spec/story";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.story.title ?? STORY_COPY.title) },
  { name: "robots", content: "noindex" },
];

/** A story to play or resume; only its owner finds it (404 for anyone else). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const loaded = isId(params.id) ? await loadStory({ env: context.env, userId: user.id }, params.id) : null;
  if (!loaded) throw notFound(STORY_MESSAGES.notFound);
  const { id, title, genre, premise, characterIds } = loaded.story;
  const characters = (await storyCharacters(context.db, user, characterIds)).map((c) => ({ id: c.id, name: c.name, thumbnailUrl: c.thumbnailUrl }));
  return { story: { id, title, genre, premise, characters }, turns: storyOnScreen(loaded) };
}

export default function Page() {
  const { story, turns } = useLoaderData<typeof loader>();
  return <StoryPlay key={story.id} story={story} turns={turns} />;
}

export const ErrorBoundary = RouteError;
