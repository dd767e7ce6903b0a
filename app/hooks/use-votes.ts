import { useRef, useState } from "react";
import { useSignIn } from "~/components/auth/sign-in-dialog";
import { useRootData } from "~/hooks/use-root-data";
import { api } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";

type Counts = { upvotes: number; favorites: number; isUpvoted: boolean; isFavorited: boolean };
type Kind = "upvote" | "favorite";

const FIELDS = { upvote: ["upvotes", "isUpvoted"], favorite: ["favorites", "isFavorited"] } as const;

/**
 * Upvote and favourite (spec section 4): the flag flips at once and the count moves by one, never
 * below 0; the answer replaces the character; a failure rolls back with the spec's message; each
 * action is blocked while its own request is in flight. Guests get the sign-in dialog.
 */
export function useVotes(characterId: string, initial: Counts) {
  const { user } = useRootData();
  const { openSignIn } = useSignIn();
  const [state, setState] = useState(initial);
  const inFlight = useRef<Record<Kind, boolean>>({ upvote: false, favorite: false });
  const [pending, setPending] = useState<Record<Kind, boolean>>({ upvote: false, favorite: false });

  async function toggle(kind: Kind) {
    if (!user) return openSignIn();
    if (inFlight.current[kind]) return;
    inFlight.current[kind] = true;
    setPending((p) => ({ ...p, [kind]: true }));
    const [count, flag] = FIELDS[kind];
    const before = state;
    const on = !state[flag];
    setState((s) => ({ ...s, [flag]: on, [count]: Math.max(0, s[count] + (on ? 1 : -1)) }));
    const result = await api<Counts>(`/api/characters/${characterId}/${kind}`, { method: "POST" });
    if (result.ok) {
      const { upvotes, favorites, isUpvoted, isFavorited } = result.data;
      setState({ upvotes, favorites, isUpvoted, isFavorited });
    } else {
      setState(before);
      if (kind === "upvote") toast({ title: MESSAGES.generic.errorTitle, description: result.error || MESSAGES.character.upvoteError, variant: "destructive" });
      else toast({ title: MESSAGES.generic.errorTitle, description: result.error || MESSAGES.character.favoriteError, variant: "destructive" });
    }
    inFlight.current[kind] = false;
    setPending((p) => ({ ...p, [kind]: false }));
  }

  return { ...state, pending, toggle };
}
