import { useRef, useState } from "react";
import { useSignIn } from "~/components/auth/sign-in-dialog";
import { useApi } from "~/hooks/use-api";
import { useRootData } from "~/hooks/use-root-data";
import { MESSAGES } from "~/spec/messages";

type Counts = { upvotes: number; favorites: number; isUpvoted: boolean; isFavorited: boolean };
type Kind = "upvote" | "favorite";

const FIELDS = { upvote: ["upvotes", "isUpvoted"], favorite: ["favorites", "isFavorited"] } as const;
const FALLBACK = { upvote: MESSAGES.character.upvoteError, favorite: MESSAGES.character.favoriteError } as const;

/**
 * Upvote and favourite (spec section 4): the flag flips at once and the count moves by one, never
 * below 0; the answer replaces the character; a failure rolls back with the spec's message; each
 * action is blocked while its own request is in flight. Guests get the sign-in dialog.
 */
export function useVotes(characterId: string, initial: Counts) {
  const { user } = useRootData();
  const { openSignIn } = useSignIn();
  const [state, setState] = useState(initial);
  const calls = { upvote: useVoteCall("upvote", setState), favorite: useVoteCall("favorite", setState) };

  function toggle(kind: Kind) {
    if (!user) return openSignIn();
    if (calls[kind].busy) return;
    const [count, flag] = FIELDS[kind];
    calls[kind].before.current = { [count]: state[count], [flag]: state[flag] };
    const on = !state[flag];
    setState((s) => ({ ...s, [flag]: on, [count]: Math.max(0, s[count] + (on ? 1 : -1)) }));
    calls[kind].submit(`/api/characters/${characterId}/${kind}`, "POST");
  }

  return { ...state, pending: { upvote: calls.upvote.busy, favorite: calls.favorite.busy }, toggle };
}

/**
 * One action's call. Its answer and its rollback touch only its own count and flag (issue 27): a
 * failed upvote never undoes a favourite toggled meanwhile, and an upvote's answer never overwrites a
 * favourite still on its way.
 */
function useVoteCall(kind: Kind, setState: (change: (s: Counts) => Counts) => void) {
  const [count, flag] = FIELDS[kind];
  const before = useRef<Partial<Counts>>({});
  const call = useApi<Counts>({
    fallback: FALLBACK[kind],
    onSuccess: (answer) => setState((s) => ({ ...s, [count]: answer[count], [flag]: answer[flag] })),
    onError: () => setState((s) => ({ ...s, ...before.current })),
    // The answer carries the counts: nothing else on the page changes with a vote.
    revalidate: false,
  });
  return { ...call, before };
}
