import { useId, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { CARD_MESSAGES } from "~/spec/messages";
import type { CharacterDraft } from "~/lib/forms/character";
import { Card } from "../ui/field";
import { FileButton } from "../ui/file-picker";

export type ImportedCard = { draft: CharacterDraft; cardExtras: Record<string, unknown>; notices: string[]; version: string; picture: File | null };
type Imported = { draft: CharacterDraft; cardExtras: Record<string, unknown> | null; notices: string[]; version: string; hasPicture: boolean };

/**
 * 'Import a character card': a PNG or JSON card (V1, V2 or V3) read by the server into the form's
 * fields. Nothing is saved until the person presses Create.
 */
export function CardImport({ onImported }: { onImported: (card: ImportedCard) => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; version: string; notices: string[] } | null>(null);
  const reading = useApi<Imported>({
    onError: (e) => (setError(e.message || CARD_MESSAGES.unreadable), false),
    onSuccess: (card) => {
      onImported({
        draft: card.draft,
        cardExtras: card.cardExtras ?? {},
        notices: card.notices,
        version: card.version,
        picture: card.hasPicture ? file : null,
      });
      setDone({ name: card.draft.name, version: card.version, notices: card.notices });
    },
  });
  const busy = reading.busy;

  function read(chosen: File) {
    setFile(chosen);
    setError(null);
    setDone(null);
    const form = new FormData();
    form.set("file", chosen);
    reading.submit("/api/characters/import", "POST", form);
  }

  return (
    <Card title="Import a character card">
      <p className="mb-3 text-sm text-zinc-400">
        Bring a character from SillyTavern, Chub or another app: a PNG card or a JSON file (Character Card V1, V2 or V3). Its fields fill this form; check them,
        then create.
      </p>
      <FileButton
        id={inputId}
        accept=".png,.json,image/png,application/json"
        busy={busy}
        label="Choose a card file"
        busyLabel="Reading the card..."
        testId="card-import-input"
        className="inline-flex items-center rounded-md border border-zinc-600 px-4 py-2 text-sm font-medium text-zinc-100 hover:bg-zinc-800"
        onFile={read}
      />
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-800 bg-red-950/50 px-3 py-2 text-sm text-red-100">
          {error}
        </p>
      )}
      {done && (
        <div role="status" className="mt-3 rounded-md border border-emerald-800 bg-emerald-950/40 px-3 py-2 text-sm text-emerald-100">
          <p>
            Imported {done.name} (Character Card {done.version}). Review the fields below, then create the character.
          </p>
          {done.notices.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-amber-200">
              {done.notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
