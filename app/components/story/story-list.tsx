import { ConversationCard } from "../ui/conversation-card";
import type { StoryListItem } from "~/models/story.server";
import { STORY_COPY } from "~/spec/story";

/** The person's stories, last played first: title, characters, genre and when, each opening to resume. */
export function StoryList({ stories }: { stories: StoryListItem[] }) {
  if (!stories.length) return <p className="text-zinc-400">{STORY_COPY.none}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={STORY_COPY.yourStories}>
      {stories.map((s) => (
        <li key={s.id}>
          <ConversationCard
            to={`/story/${s.id}`}
            testId="story-item"
            pictures={s.characters}
            title={s.title}
            line={
              <>
                {s.characters.map((c) => c.name).join(", ")} · {s.genre} · {STORY_COPY.lastPlayed}{" "}
                <time dateTime={s.updatedAt} suppressHydrationWarning>
                  {new Date(s.updatedAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
                </time>
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
