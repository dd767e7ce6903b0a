import { Link } from "react-router";
import type { StoryListItem } from "~/models/story.server";
import { STORY_COPY } from "~/spec/story";

/** The person's stories, last played first: title, characters, genre and when, each opening to resume. */
export function StoryList({ stories }: { stories: StoryListItem[] }) {
  if (!stories.length) return <p className="text-zinc-400">{STORY_COPY.none}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={STORY_COPY.yourStories}>
      {stories.map((s) => (
        <li key={s.id}>
          <Link
            to={`/story/${s.id}`}
            className="flex min-h-11 items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3 hover:border-zinc-600"
            data-testid="story-item"
          >
            <span className="flex shrink-0 -space-x-3">
              {s.characters.map((c) => (
                <img key={c.id} src={c.thumbnailUrl} alt="" className="h-10 w-10 rounded-full border-2 border-zinc-900 object-cover" />
              ))}
            </span>
            <span className="min-w-0">
              <span className="block truncate font-medium text-white">{s.title}</span>
              <span className="block truncate text-xs text-zinc-400">
                {s.characters.map((c) => c.name).join(", ")} · {s.genre} · {STORY_COPY.lastPlayed}{" "}
                <time dateTime={s.updatedAt} suppressHydrationWarning>
                  {new Date(s.updatedAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
                </time>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
