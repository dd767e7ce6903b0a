import { useFetcher, useNavigate } from "react-router";
import { MessageSquarePlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { PLAYGROUND_COPY as COPY } from "~/spec/pages";

type Choices = { chats: { characterId: string; name: string }[] };
type Sent = { name: string; href: string };

/**
 * "Send to a chat" (issue 24): the picture joins one of the person's chats, under its last message,
 * and the chat opens. The choices are the characters they chat with, latest first.
 */
export function SendToChat({ pictureId, className }: { pictureId: string; className: string }) {
  const [open, setOpen] = useState(false);
  const choices = useFetcher<Choices>();
  const { load } = choices;
  useEffect(() => {
    if (open) void load(`/api/images/${pictureId}/chat`);
  }, [open, pictureId, load]);
  const navigate = useNavigate();
  const send = useApi<Sent>({ onSuccess: (sent) => navigate(sent.href) });
  // Kept on screen while React Router reloads the list after a send, so the button pressed does not vanish.
  const chats = choices.data && "chats" in choices.data ? choices.data.chats : null;

  return (
    <div className="w-full">
      <button type="button" className={className} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <MessageSquarePlus aria-hidden className="size-4" />
        {COPY.sendToChat}
      </button>
      {open && (
        <div className="mt-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3" data-testid="send-to-chat">
          <p className="text-xs text-zinc-400">{COPY.sendToChatHint}</p>
          {chats === null ? null : chats.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-300">{COPY.noChatsYet}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {chats.map((c) => (
                <li key={c.characterId}>
                  <button
                    type="button"
                    disabled={send.busy}
                    onClick={() => send.submit(`/api/images/${pictureId}/chat`, "POST", { characterId: c.characterId })}
                    className="min-h-11 rounded-full border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800 disabled:opacity-50 sm:min-h-8"
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
