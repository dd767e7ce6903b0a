import { Icon } from "./icons";
import type { useVotes } from "~/components/use-votes";

const LOOK = {
  upvote: { action: "Upvote", on: "text-brand-300", flag: "isUpvoted", count: "upvotes" },
  favorite: { action: "Favorite", on: "text-pink-400", flag: "isFavorited", count: "favorites" },
} as const;

/** Upvote or favourite a character, pressed when the viewer has; with the count when asked. */
export function VoteButton({
  votes,
  kind,
  name,
  withCount,
}: {
  votes: ReturnType<typeof useVotes>;
  kind: "upvote" | "favorite";
  name: string;
  withCount?: boolean;
}) {
  const look = LOOK[kind];
  const pressed = votes[look.flag];
  return (
    <button type="button" onClick={() => votes.toggle(kind)} aria-pressed={pressed} className={pressed ? `vote-button ${look.on}` : "vote-button"}>
      <Icon name={kind} className="size-5" filled={pressed} />
      <span className="sr-only">{withCount ? `${look.action} ${name}, ` : `${look.action} ${name}`}</span>
      {withCount && <span data-testid={`${kind}-count`}>{votes[look.count]}</span>}
    </button>
  );
}
