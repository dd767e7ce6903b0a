import { useId, useState } from "react";
import { useApi } from "~/hooks/use-api";
import type { ImportCounts } from "~/lib/chat/sillytavern";
import { toast } from "~/lib/toast";
import type { ChatPageData } from "~/models/chat-page.server";
import { CHAT_FILE_MESSAGES } from "~/spec/messages";
import { LIMITS } from "~/spec/limits";
import { buttonClass, secondaryButtonClass } from "../ui/field";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;

/**
 * Import and export (issue 25, decision 046): the chat on screen as a SillyTavern `.jsonl` file or
 * plain text, and a SillyTavern chat brought in as the chat on screen. Everyone signed in has it; the
 * note says where the chat they have now goes.
 */
export function ChatFiles({ page }: { page: SignedInPage }) {
  const base = `/api/chats/${page.character.id}`;
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importing = useApi<{ chatId: string } & ImportCounts>({
    onError: (e) => (setError(e.message), false),
    onSuccess: (done) => {
      setFile(null);
      toast({ title: CHAT_FILE_MESSAGES.importedTitle, description: CHAT_FILE_MESSAGES.imported(done), variant: "success" });
    },
  });

  function send() {
    if (!file) return setError(CHAT_FILE_MESSAGES.chooseFile);
    setError(null);
    const form = new FormData();
    form.set("file", file);
    importing.submit(`${base}/import`, "POST", form);
  }

  return (
    <section className="flex flex-col gap-3 border-t border-zinc-800 pt-4 text-sm" aria-labelledby="chat-files-heading" data-testid="chat-files">
      <h3 id="chat-files-heading" className="font-semibold text-white">
        {CHAT_FILE_MESSAGES.heading}
      </h3>
      <p className="text-zinc-400">{CHAT_FILE_MESSAGES.exportIntro}</p>
      <div className="flex flex-wrap gap-2">
        <a href={`${base}/export.jsonl`} download className={secondaryButtonClass}>
          {CHAT_FILE_MESSAGES.exportJsonl}
        </a>
        <a href={`${base}/export.txt`} download className={secondaryButtonClass}>
          {CHAT_FILE_MESSAGES.exportText}
        </a>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="font-medium text-zinc-200">
          {CHAT_FILE_MESSAGES.importLabel}
        </label>
        <p className="text-zinc-400">{page.can.savedChats ? CHAT_FILE_MESSAGES.keepsGold : CHAT_FILE_MESSAGES.keepsOthers}</p>
        <p className="text-zinc-400" data-testid="chat-import-limits">
          {CHAT_FILE_MESSAGES.limits(`${LIMITS.chatFileMaxBytes / 1024 / 1024} MB`)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={inputId}
            type="file"
            accept=".jsonl,application/jsonl,application/x-ndjson,text/plain"
            data-testid="chat-import-input"
            disabled={importing.busy}
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError(null))}
            className="min-w-0 max-w-full text-zinc-300 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-zinc-600 file:bg-transparent file:px-3 file:text-zinc-100 sm:file:min-h-9"
          />
          <button type="button" onClick={send} disabled={importing.busy} className={buttonClass}>
            {importing.busy ? CHAT_FILE_MESSAGES.importing : CHAT_FILE_MESSAGES.importButton}
          </button>
        </div>
        {error && (
          <p role="alert" className="rounded-md border border-red-800 bg-red-950/50 px-3 py-2 text-red-100">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
