import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { FOLLOW_COPY } from "~/spec/follows";

/**
 * Follow or unfollow a creator (issue 64): pressed while following. The count is the server's answer;
 * the button shows the change at once and goes back if the server refuses it.
 */
export function FollowButton({
  creatorId,
  name,
  following,
  followers,
  showCount = true,
}: {
  creatorId: string;
  name: string;
  following: boolean;
  followers: number;
  showCount?: boolean;
}) {
  const [state, setState] = useState({ following, followers });
  const api = useApi<{ following: boolean; followers: number }>({
    revalidate: false,
    onSuccess: (answer) => setState(answer),
    onError: () => setState({ following, followers }),
    errorTitle: FOLLOW_COPY.failed,
  });
  const toggle = () => {
    const next = !state.following;
    setState((s) => ({ following: next, followers: Math.max(0, s.followers + (next ? 1 : -1)) }));
    api.submit(`/api/creators/${creatorId}/follow`, next ? "POST" : "DELETE");
  };
  return (
    <span className="inline-flex items-center gap-3">
      <button
        type="button"
        onClick={toggle}
        aria-pressed={state.following}
        aria-label={state.following ? FOLLOW_COPY.unfollowLabel(name) : FOLLOW_COPY.followLabel(name)}
        className={`min-h-11 rounded-full px-5 text-sm font-semibold sm:min-h-9 ${
          state.following ? "border border-zinc-600 text-zinc-100 hover:bg-zinc-800" : "bg-violet-600 text-white hover:bg-violet-500"
        }`}
        data-testid="follow-button"
      >
        {state.following ? FOLLOW_COPY.following : FOLLOW_COPY.follow}
      </button>
      {showCount && (
        <span className="text-sm text-zinc-400" data-testid="follower-count">
          {FOLLOW_COPY.followers(state.followers)}
        </span>
      )}
    </span>
  );
}
