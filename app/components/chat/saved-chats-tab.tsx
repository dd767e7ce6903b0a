import { useEffect, useRef, useState, type ReactNode } from "react";
import { useApi } from "~/hooks/use-api";
import { toast } from "~/lib/toast";
import type { ChatPageData } from "~/models/chat-page.server";
import { MESSAGES } from "~/spec/messages";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { DeleteButton } from "../ui/confirm-dialog";
import { ChatFiles } from "./chat-files";
import { buttonClass, Field, inputClass, secondaryButtonClass } from "../ui/field";
import { UpgradeLink } from "~/components/upgrade-link";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
type SavedChat = {
  id: string;
  title: string;
  selected: boolean;
  createdAt: string;
  updatedAt: string;
  number: number | null;
  messages: number;
  lastLine: string | null;
};
const titleOf = (c: SavedChat) => c.title || `Unnamed Chat #${c.number ?? 1}`;
/** The chat's last line as it reads in the chat: placeholders filled, narration marks and line breaks gone. */
const lastLineOf = (c: SavedChat, names: { user: string; character: string }) =>
  c.lastLine ? fillPlaceholders(c.lastLine, names.user, names.character).replace(/[*_]/g, "").replace(/\s+/g, " ").trim() : "";

/** The Saved Chats tab: GOLD users list, create, rename, delete and select chats (spec sections 4 to 6); everyone imports and exports. */
export function SavedChatsTab({ page }: { page: SignedInPage }) {
  return (
    <div className="flex flex-col gap-4">
      {page.can.savedChats ? <SavedChatsList page={page} /> : <SavedChatsUpgrade />}
      <ChatFiles page={page} />
    </div>
  );
}

function SavedChatsUpgrade() {
  return (
    <div className="flex flex-col items-start gap-3 py-2 text-sm">
      <p className="text-zinc-200">{MESSAGES.savedChats.upgrade}</p>
      <div className="flex gap-2">
        <UpgradeLink from="saved-chats" className={buttonClass}>
          See pricing
        </UpgradeLink>
        <button
          type="button"
          onClick={() => toast({ title: MESSAGES.savedChats.oopsTitle, description: MESSAGES.savedChats.goldOnly, variant: "destructive" })}
          className={secondaryButtonClass}
        >
          Open saved chats
        </button>
      </div>
    </div>
  );
}

const API = "/api/chat/saved-chats";
const rowButton = "min-h-11 shrink-0 rounded-md px-2 text-xs sm:min-h-8";

/**
 * The list loads through a fetcher, which React Router reloads after every change made here: the list and
 * the chat on screen change in place, with no page reload.
 */
function SavedChatsList({ page }: { page: SignedInPage }) {
  const characterId = page.character.id;
  const [newTitle, setNewTitle] = useState("");
  const [copy, setCopy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const list = useApi<{ chats: SavedChat[] }>({ fallback: MESSAGES.savedChats.failedFetch });
  const chats = list.data && "chats" in list.data ? list.data.chats : null;
  const creating = useApi({ fallback: MESSAGES.savedChats.failedCreate, onSuccess: () => (setNewTitle(""), setError(null)) });

  useEffect(() => list.load(`${API}?characterId=${characterId}`), [characterId]); // eslint-disable-line react-hooks/exhaustive-deps

  function create() {
    if (!newTitle.trim()) return setError(MESSAGES.savedChats.titleRequired);
    creating.submit(API, "POST", { characterId, title: newTitle.trim(), copyCurrentChat: copy });
  }

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="saved-chats">
      <TitleInput id="sc-new" label="New chat" placeholder="Title" value={newTitle} onChange={setNewTitle} button="Create" onSubmit={create} primary>
        <label className="flex items-center gap-2 text-zinc-300">
          <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Copy current chat
        </label>
      </TitleInput>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {chats === null ? (
        <p className="text-zinc-400">{MESSAGES.account.loading}</p>
      ) : (
        <section className="flex min-w-0 flex-col gap-1" aria-labelledby="saved-chats-heading">
          <h3 id="saved-chats-heading" className="mb-1 max-w-full truncate font-semibold text-white">
            Your chats with {page.character.name}
          </h3>
          <ul className="flex flex-col gap-1">
            {chats.map((c) => (
              <SavedChatRow key={c.id} chat={c} page={page} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One chat: its title, when, how long and its last line, with Open, Rename and Delete of its own. */
function SavedChatRow({ chat: c, page }: { chat: SavedChat; page: SignedInPage }) {
  const characterId = page.character.id;
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(c.title);
  const [error, setError] = useState<string | null>(null);
  const selecting = useApi({ fallback: MESSAGES.savedChats.failedVoice });
  const saving = useApi({ fallback: MESSAGES.savedChats.failedUpdate, onSuccess: () => (setRenaming(false), setError(null)) });
  const deleting = useApi({ fallback: MESSAGES.savedChats.failedDelete });
  const name = titleOf(c);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (renaming) field.current?.select();
  }, [renaming]);

  // The box starts with the title the row shows (an untitled chat's too), as a rename box does (issue 61).
  const current = c.title || name;
  function rename() {
    if (!title.trim() || title.trim() === current) return setError(MESSAGES.savedChats.newTitleRequired);
    saving.submit(API, "PUT", { characterId, chatId: c.id, title: title.trim() });
  }

  return (
    <li
      data-testid="saved-chat"
      aria-current={c.selected ? "true" : undefined}
      className={`flex flex-col gap-2 rounded-md border-l-2 px-3 py-2 ${c.selected ? "border-brand-400 bg-zinc-800" : "border-transparent hover:bg-zinc-900"}`}
    >
      <div className="flex items-center gap-3">
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-2">
            <span className="truncate font-medium text-white">{name}</span>
            {c.selected && <span className="shrink-0 rounded bg-brand-600/30 px-1.5 text-xs text-brand-200">Open now</span>}
          </span>
          <span className="text-xs text-zinc-400">
            {new Date(c.updatedAt).toLocaleDateString()} · {c.messages === 1 ? "1 message" : `${c.messages} messages`}
          </span>
          {c.lastLine && <span className="truncate text-xs text-zinc-400">{lastLineOf(c, { user: page.userName, character: page.character.name })}</span>}
        </span>
        <span className="flex shrink-0 items-center gap-1">
          {!c.selected && (
            <button
              type="button"
              aria-label={`Open ${name}`}
              disabled={selecting.busy}
              onClick={() => selecting.submit(API, "PUT", { characterId, chatId: c.id })}
              className={`${rowButton} font-semibold text-brand-300 hover:bg-zinc-800`}
            >
              Open
            </button>
          )}
          <button
            type="button"
            aria-label={`Rename ${name}`}
            aria-expanded={renaming}
            onClick={() => (setRenaming(!renaming), setTitle(current), setError(null))}
            className={`${rowButton} text-zinc-200 hover:bg-zinc-800`}
          >
            Rename
          </button>
          <DeleteButton
            label="Delete"
            accessibleName={`Delete ${name}`}
            title={`Delete "${name}"?`}
            description={MESSAGES.savedChats.deleteWarning}
            onConfirm={() => deleting.submit(API, "DELETE", { characterId, chatId: c.id })}
            className={`${rowButton} px-2`}
          />
        </span>
      </div>
      {renaming && (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename();
          }}
        >
          <input
            aria-label={`New title for ${name}`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={80}
            placeholder="New title"
            ref={field}
            className={inputClass}
          />
          <button type="submit" disabled={saving.busy} className={secondaryButtonClass}>
            Save
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}

type TitleInputProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  button: string;
  onSubmit: () => void;
  primary?: boolean;
  children?: ReactNode;
};

/** A chat title field with its button (create or rename). */
function TitleInput({ id, label, placeholder, value, onChange, button, onSubmit, primary, children }: TitleInputProps) {
  return (
    <Field label={label} htmlFor={id}>
      <div className="flex gap-2">
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} maxLength={80} placeholder={placeholder} className={inputClass} />
        <button type="button" onClick={onSubmit} className={primary ? buttonClass : secondaryButtonClass}>
          {button}
        </button>
      </div>
      {children}
    </Field>
  );
}
