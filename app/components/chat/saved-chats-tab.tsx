import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import type { ChatPageData } from "~/routes/characters.chat.$id";
import { MESSAGES } from "~/spec/messages";
import { buttonClass, dangerButtonClass, inputClass, secondaryButtonClass } from "../ui/field";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
type SavedChat = { id: string; title: string; selected: boolean; createdAt: string };
const titleOf = (c: SavedChat) => c.title || `Unnamed Chat #${c.id}`;
const fail = (error: string, fallback: string) => toast({ title: MESSAGES.generic.errorTitle, description: error || fallback, variant: "destructive" });

/** The Saved Chats tab: GOLD users list, create, rename, delete and select chats (spec sections 4 to 6). */
export function SavedChatsTab({ page }: { page: SignedInPage }) {
  const revalidator = useRevalidator();
  const characterId = page.character.id;
  const [chats, setChats] = useState<SavedChat[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newTitle, setNewTitle] = useState("");
  const [copy, setCopy] = useState(true);
  const [rename, setRename] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function load() {
    const result = await api<{ chats: SavedChat[] }>(`/api/chat/saved-chats?characterId=${characterId}`);
    if (!result.ok) return fail(result.error, "Failed to fetch chats");
    setChats(result.data.chats);
    setSelectedId((id) => id ?? result.data.chats.find((c) => c.selected)?.id ?? null);
  }
  useEffect(() => {
    if (page.can.savedChats) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [characterId, page.can.savedChats]);

  if (!page.can.savedChats)
    return (
      <div className="flex flex-col items-start gap-3 py-2 text-sm">
        <p className="text-zinc-200">{MESSAGES.savedChats.upgrade}</p>
        <div className="flex gap-2">
          <Link to="/pricing" className={buttonClass}>See pricing</Link>
          <button type="button" onClick={() => toast({ title: MESSAGES.savedChats.oopsTitle, description: MESSAGES.savedChats.goldOnly, variant: "destructive" })} className={secondaryButtonClass}>
            Open saved chats
          </button>
        </div>
      </div>
    );

  const done = () => {
    setError(null);
    revalidator.revalidate();
    void load();
  };

  async function create() {
    if (!newTitle.trim()) return setError(MESSAGES.savedChats.titleRequired);
    const result = await api("/api/chat/saved-chats", { method: "POST", body: { characterId, title: newTitle.trim(), copyCurrentChat: copy } });
    if (!result.ok) return fail(result.error, "Failed to create new chat");
    setNewTitle("");
    setSelectedId(null);
    done();
  }
  async function select(id: string) {
    setSelectedId(id);
    const result = await api("/api/chat/saved-chats", { method: "PUT", body: { characterId, chatId: id } });
    if (!result.ok) return fail(result.error, "Failed to update voice");
    done();
  }
  async function doRename() {
    const current = chats?.find((c) => c.id === selectedId);
    if (!current) return setError(MESSAGES.savedChats.selectToUpdate);
    if (!rename.trim() || rename.trim() === current.title) return setError(MESSAGES.savedChats.newTitleRequired);
    const result = await api("/api/chat/saved-chats", { method: "PUT", body: { characterId, chatId: current.id, title: rename.trim() } });
    if (!result.ok) return fail(result.error, "Failed to update chat");
    setRename("");
    done();
  }
  async function remove() {
    if (!selectedId) return setError(MESSAGES.savedChats.selectToDelete);
    const result = await api("/api/chat/saved-chats", { method: "DELETE", body: { characterId, chatId: selectedId } });
    if (!result.ok) return fail(result.error, "Failed to delete chat");
    setSelectedId(null);
    done();
  }

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="saved-chats">
      {chats === null ? (
        <p className="text-zinc-400">{MESSAGES.account.loading}</p>
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold text-white">Your chats with {page.character.name}</legend>
          {chats.map((c) => (
            <label key={c.id} className={`flex items-center gap-2 rounded-md px-2 py-1.5 ${c.selected ? "bg-zinc-800" : "hover:bg-zinc-900"}`}>
              <input type="radio" name="saved-chat" checked={selectedId === c.id} onChange={() => setSelectedId(c.id)} />
              <span className="flex-1 truncate">{titleOf(c)}</span>
              {c.selected ? <span className="text-xs text-brand-300">Open</span> : (
                <button type="button" onClick={() => void select(c.id)} className="text-xs text-brand-300 underline">Open</button>
              )}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor="sc-new" className="text-zinc-300">New chat</label>
        <div className="flex gap-2">
          <input id="sc-new" value={newTitle} onChange={(e) => setNewTitle(e.target.value)} maxLength={80} placeholder="Title" className={inputClass} />
          <button type="button" onClick={() => void create()} className={buttonClass}>Create</button>
        </div>
        <label className="flex items-center gap-2 text-zinc-300">
          <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Copy current chat
        </label>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="sc-rename" className="text-zinc-300">Rename the selected chat</label>
        <div className="flex gap-2">
          <input id="sc-rename" value={rename} onChange={(e) => setRename(e.target.value)} maxLength={80} placeholder="New title" className={inputClass} />
          <button type="button" onClick={() => void doRename()} className={secondaryButtonClass}>Rename</button>
        </div>
      </div>
      <button type="button" onClick={() => void remove()} className={`${dangerButtonClass} self-start`}>Delete the selected chat</button>
      {error && <p role="alert" className="text-red-300">{error}</p>}
    </div>
  );
}
