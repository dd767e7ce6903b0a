import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useApi } from "~/hooks/use-api";
import { toast } from "~/lib/toast";
import type { ChatPageData } from "~/models/chat-page.server";
import { MESSAGES } from "~/spec/messages";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { DeleteButton } from "../ui/confirm-dialog";
import { buttonClass, Field, inputClass, secondaryButtonClass } from "../ui/field";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
type SavedChat = {
  id: string;
  title: string;
  selected: boolean;
  createdAt: string;
  updatedAt: string;
  ordinal: number;
  messages: number;
  lastLine: string | null;
};
const titleOf = (c: SavedChat) => c.title || `Unnamed Chat #${c.ordinal}`;
/** The chat's last line as it reads in the chat: placeholders filled, narration marks and line breaks gone. */
const lastLineOf = (c: SavedChat, names: { user: string; character: string }) =>
  c.lastLine ? fillPlaceholders(c.lastLine, names.user, names.character).replace(/[*_]/g, "").replace(/\s+/g, " ").trim() : "";

/** The Saved Chats tab: GOLD users list, create, rename, delete and select chats (spec sections 4 to 6). */
export function SavedChatsTab({ page }: { page: SignedInPage }) {
  if (!page.can.savedChats)
    return (
      <div className="flex flex-col items-start gap-3 py-2 text-sm">
        <p className="text-zinc-200">{MESSAGES.savedChats.upgrade}</p>
        <div className="flex gap-2">
          <Link to="/pricing" className={buttonClass}>
            See pricing
          </Link>
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
  return <SavedChatsList page={page} />;
}

const API = "/api/chat/saved-chats";

/** The list loads through a fetcher, which Remix reloads after every change made here. */
function SavedChatsList({ page }: { page: SignedInPage }) {
  const characterId = page.character.id;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newTitle, setNewTitle] = useState("");
  const [copy, setCopy] = useState(true);
  const [rename, setRename] = useState("");
  const [error, setError] = useState<string | null>(null);
  const list = useApi<{ chats: SavedChat[] }>({ fallback: MESSAGES.savedChats.failedFetch });
  const chats = list.data && "chats" in list.data ? list.data.chats : null;
  const done = () => setError(null);
  const creating = useApi({ fallback: MESSAGES.savedChats.failedCreate, onSuccess: () => (setNewTitle(""), setSelectedId(null), done()) });
  const selecting = useApi({ fallback: MESSAGES.savedChats.failedVoice, onSuccess: done });
  const renaming = useApi({ fallback: MESSAGES.savedChats.failedUpdate, onSuccess: () => (setRename(""), done()) });
  const deleting = useApi({ fallback: MESSAGES.savedChats.failedDelete, onSuccess: () => (setSelectedId(null), done()) });

  useEffect(() => list.load(`${API}?characterId=${characterId}`), [characterId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (chats && !selectedId) setSelectedId(chats.find((c) => c.selected)?.id ?? null);
  }, [chats, selectedId]);

  function create() {
    if (!newTitle.trim()) return setError(MESSAGES.savedChats.titleRequired);
    creating.submit(API, "POST", { characterId, title: newTitle.trim(), copyCurrentChat: copy });
  }
  function select(id: string) {
    setSelectedId(id);
    selecting.submit(API, "PUT", { characterId, chatId: id });
  }
  function doRename() {
    const current = chats?.find((c) => c.id === selectedId);
    if (!current) return setError(MESSAGES.savedChats.selectToUpdate);
    if (!rename.trim() || rename.trim() === current.title) return setError(MESSAGES.savedChats.newTitleRequired);
    renaming.submit(API, "PUT", { characterId, chatId: current.id, title: rename.trim() });
  }
  function remove() {
    if (!selectedId) return setError(MESSAGES.savedChats.selectToDelete);
    deleting.submit(API, "DELETE", { characterId, chatId: selectedId });
  }

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="saved-chats">
      {chats === null ? (
        <p className="text-zinc-400">{MESSAGES.account.loading}</p>
      ) : (
        // A fieldset is as wide as its widest line unless told otherwise; long last lines are cut instead.
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="mb-1 max-w-full truncate font-semibold text-white">Your chats with {page.character.name}</legend>
          {chats.map((c) => (
            <label
              key={c.id}
              data-testid="saved-chat"
              className={`flex items-center gap-3 rounded-md px-2 py-2 ${selectedId === c.id ? "bg-zinc-800" : "hover:bg-zinc-900"}`}
            >
              <input type="radio" name="saved-chat" checked={selectedId === c.id} onChange={() => setSelectedId(c.id)} className="h-4 w-4 shrink-0" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-white">{titleOf(c)}</span>
                <span className="text-xs text-zinc-400">
                  {new Date(c.updatedAt).toLocaleDateString()} · {c.messages === 1 ? "1 message" : `${c.messages} messages`}
                </span>
                {c.lastLine && <span className="truncate text-xs text-zinc-400">{lastLineOf(c, { user: page.userName, character: page.character.name })}</span>}
              </span>
              {c.selected ? (
                <span className="shrink-0 text-xs text-brand-300">Open now</span>
              ) : (
                <button type="button" onClick={() => select(c.id)} className="min-h-11 shrink-0 px-2 text-xs text-brand-300 underline sm:min-h-0">
                  Open
                </button>
              )}
            </label>
          ))}
        </fieldset>
      )}
      <TitleInput id="sc-new" label="New chat" placeholder="Title" value={newTitle} onChange={setNewTitle} button="Create" onSubmit={create} primary>
        <label className="flex items-center gap-2 text-zinc-300">
          <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Copy current chat
        </label>
      </TitleInput>
      <TitleInput
        id="sc-rename"
        label="Rename the selected chat"
        placeholder="New title"
        value={rename}
        onChange={setRename}
        button="Rename"
        onSubmit={doRename}
      />
      {selectedId && (
        <DeleteButton
          label="Delete the selected chat"
          title={`Delete "${titleOf(chats?.find((c) => c.id === selectedId) ?? ({ title: "", ordinal: 0 } as SavedChat))}"?`}
          description={MESSAGES.savedChats.deleteWarning}
          onConfirm={remove}
          className="self-start px-2"
        />
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </div>
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
