import { useNavigate } from "react-router";
import { useEffect, useState, type ReactNode } from "react";
import { openCall } from "~/lib/browser/call-events";
import { onOpenDetails } from "~/lib/browser/details-events";
import { CALL_MESSAGES, PHONE_ICON } from "~/spec/calls";
import { useRootData } from "~/hooks/use-root-data";
import { shortName } from "~/lib/character-name";
import { useVotes } from "~/components/use-votes";
import { CharacterDetailsPanel, type DetailsTab } from "../character-details/details-panel";
import { ChatMenu } from "./chat-menu";
import { IconButton } from "../ui/icon-button";
import { VoteButton } from "../vote-button";

type HeaderData = {
  character: { id: string; name: string; thumbnailUrl: string };
  votes: { upvotes: number; favorites: number; isUpvoted: boolean; isFavorited: boolean };
};

/** Back goes back only when the visitor came from this site; otherwise to /characters (spec section 2). */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const sameSite = typeof document !== "undefined" && document.referrer && new URL(document.referrer).origin === window.location.origin;
    if (sameSite && window.history.length > 1) void navigate(-1);
    else void navigate("/characters");
  };
}

/** The chat page's header: back, thumbnail, the name (opens the details), favourite and upvote. */
export function ChatHeader({
  data,
  chatSettings,
  savedChats,
  memory,
  unavailable = false,
}: {
  data: HeaderData;
  chatSettings?: ReactNode;
  savedChats?: ReactNode;
  memory?: ReactNode;
  /** The character is gone: its name only, nothing to open or vote for. */
  unavailable?: boolean;
}) {
  const { user } = useRootData();
  const back = useBack();
  const [open, setOpen] = useState(false);
  // The tab the panel opens on: the name opens the Overview, the chat menu any tab.
  const [tab, setTab] = useState<DetailsTab>("overview");
  const show = (next: DetailsTab) => {
    setTab(next);
    setOpen(true);
  };
  // The "Remembered" toast's Open Memory (issue 61).
  useEffect(
    () =>
      onOpenDetails((next) => {
        if (next !== "memory" || unavailable) return;
        setTab("memory");
        setOpen(true);
      }),
    [unavailable],
  );
  const votes = useVotes(data.character.id, data.votes);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <IconButton label="Back" path="M15 18l-6-6 6-6" onClick={back} />
      <img src={data.character.thumbnailUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
      {unavailable ? (
        <span className="min-w-0 truncate font-semibold text-zinc-300" data-testid="chat-character-name">
          {data.character.name}
        </span>
      ) : (
        <>
          <button
            type="button"
            onClick={() => show("overview")}
            className="min-h-11 min-w-0 truncate font-semibold text-white hover:underline"
            data-testid="chat-character-name"
            aria-label={data.character.name}
          >
            {/* Phones show what people call the character; the whole name from 640 px. */}
            <span className="sm:hidden">{shortName(data.character.name)}</span>
            <span className="hidden sm:inline">{data.character.name}</span>
          </button>
          {user && (
            <span className="flex shrink-0 items-center text-sm">
              <VoteButton votes={votes} kind="favorite" name={data.character.name} />
              <span className="hidden sm:inline-flex">
                <VoteButton votes={votes} kind="upvote" name={data.character.name} />
              </span>
            </span>
          )}
          {user && memory && (
            // A voice call with the character (issue 63): opens over the chat, which it talks through. On a phone it is in the Chat menu.
            <span className="hidden sm:inline-flex">
              <IconButton label={CALL_MESSAGES.callWith(data.character.name)} path={PHONE_ICON} onClick={openCall} />
            </span>
          )}
          <ChatMenu
            onOpen={show}
            memory={!!memory}
            upvote={user ? { pressed: votes.isUpvoted, toggle: () => votes.toggle("upvote"), name: data.character.name } : undefined}
            call={user && memory ? { label: CALL_MESSAGES.callWith(data.character.name), start: openCall } : undefined}
          />
          <CharacterDetailsPanel
            characterId={data.character.id}
            name={data.character.name}
            open={open}
            onOpenChange={setOpen}
            tab={tab}
            chatSettings={chatSettings}
            savedChats={savedChats}
            memory={memory}
          />
        </>
      )}
    </div>
  );
}
