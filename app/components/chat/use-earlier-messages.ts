import { useRef, useState, type Dispatch, type SetStateAction } from "react";
import { isApiError } from "~/hooks/use-api";
import type { ChatPicture } from "~/lib/picture";
import { EARLIER_MESSAGES, type ChatMessage, type LatestPart } from "~/user-store/chat-tree";
import { MESSAGES } from "~/spec/messages";

/**
 * The messages above the first on screen (decision 072): a page at a time as the person scrolls up,
 * or all the way up to one message (a recalled one, issue 62). They join above the first shown.
 */
export function useEarlierMessages({
  base,
  messages,
  setScreen,
  onPictures,
  failed,
}: {
  base: string;
  messages: ChatMessage[];
  setScreen: Dispatch<SetStateAction<LatestPart>>;
  onPictures?: (pictures: ChatPicture[]) => void;
  failed: (description: string) => void;
}) {
  // The messages above the first on screen, a page at a time (decision 072): they join above it. An
  // answer that no longer ends above it (the screen changed meanwhile) is left; the next scroll asks again.
  // A plain read, one at a time per first message: a React Router fetcher's read is cancelled by a revalidation
  // that starts meanwhile, and by the same read asked again (the button and its observer at once).
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const earlierAsked = useRef<string | null>(null);
  const joinAbove = (data: LatestPart & { pictures?: ChatPicture[] }) => {
    if (data.pictures?.length) onPictures?.(data.pictures);
    setScreen((s) => {
      const above = data.messages.at(-1);
      if (above && above.id !== s.messages[0]?.parentId) return s;
      return { messages: [...data.messages, ...s.messages], earlier: data.earlier };
    });
  };
  /** Brings a message of the branch on screen into the list, however far up (a recalled one, issue 62); whether it is there. */
  const revealMessage = async (id: string) => {
    const firstId = messages[0]?.id;
    if (messages.some((m) => m.id === id)) return true;
    // Loaded when first needed: a recalled message far up is rare (the chat route's JavaScript budget).
    const part = firstId ? await import("./reveal-message").then(({ readDownFrom }) => readDownFrom(base, firstId, id)) : null;
    if (part) joinAbove(part);
    return !!part;
  };
  const loadEarlier = () => {
    const firstId = messages[0]?.id;
    if (!firstId || earlierAsked.current === firstId) return;
    earlierAsked.current = firstId;
    setLoadingEarlier(true);
    void fetch(`${base}?latest=${EARLIER_MESSAGES}&before=${firstId}`, { headers: { accept: "application/json" } })
      .then(async (answer) => {
        const body: unknown = await answer.json().catch(() => null);
        if (!answer.ok || !body || isApiError(body)) return failed(isApiError(body) ? body.error.message : MESSAGES.generic.somethingWentWrong);
        joinAbove(body as LatestPart & { pictures?: ChatPicture[] });
      })
      .catch(() => failed(MESSAGES.generic.somethingWentWrong))
      .finally(() => {
        earlierAsked.current = null;
        setLoadingEarlier(false);
      });
  };
  return { loadEarlier, loadingEarlier, revealMessage };
}
