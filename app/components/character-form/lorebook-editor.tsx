import { Check } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { NEW_LORE_ENTRY, readLorebookFile, toLoreDraft, type LoreDraft, type LoreEntryDraft } from "~/lib/forms/lorebook";
import { LOREBOOK_MESSAGES as LORE } from "~/spec/messages";
import { Card, inputClass, secondaryButtonClass } from "../ui/field";
import { FileButton } from "../ui/file-picker";

const controlButton = `${secondaryButtonClass} inline-flex min-h-11 items-center`;
const textInput = `${inputClass} min-h-11`;

/**
 * The character's lorebook on the create and edit forms: its entries to write, switch on and off,
 * add and remove, and a World Info or card file to import (added after the entries already there).
 */
export function LorebookEditor({ lore, onChange }: { lore: LoreDraft; onChange: (lore: LoreDraft) => void }) {
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const setEntries = (entries: LoreEntryDraft[]) => onChange({ ...lore, entries });
  const setEntry = (i: number, change: Partial<LoreEntryDraft>) => setEntries(lore.entries.map((e, j) => (j === i ? { ...e, ...change } : e)));

  async function importFile(file: File) {
    setReading(true);
    setError(null);
    setImported(null);
    const read = await readLorebookFile(file);
    setReading(false);
    if (!read.ok) return setError(read.error);
    const added = toLoreDraft(read.book);
    onChange(
      lore.entries.length ? { ...lore, entries: [...lore.entries, ...added.entries] } : { ...added, name: added.name || file.name.replace(/\.json$/i, "") },
    );
    setImported(LORE.imported(added.entries.length, file.name));
  }

  return (
    <Card title={LORE.heading} testId="lorebook-editor">
      <p className="mb-3 text-sm text-zinc-400">{LORE.intro}</p>
      <div className="mb-4 flex flex-wrap gap-3">
        <FileButton
          id={inputId}
          accept=".json,application/json"
          busy={reading}
          label={LORE.importButton}
          busyLabel={LORE.importing}
          testId="lorebook-import-input"
          className={controlButton}
          onFile={(file) => void importFile(file)}
        />
        <button type="button" onClick={() => setEntries([...lore.entries, NEW_LORE_ENTRY])} className={controlButton}>
          {LORE.addEntry}
        </button>
      </div>
      {error && (
        <p role="alert" className="mb-3 rounded-md border border-red-800 bg-red-950/50 px-3 py-2 text-sm text-red-100">
          {error}
        </p>
      )}
      {imported && (
        <p role="status" className="mb-3 rounded-md border border-emerald-800 bg-emerald-950/40 px-3 py-2 text-sm text-emerald-100">
          {imported}
        </p>
      )}
      {lore.entries.length === 0 && <p className="text-sm text-zinc-400">{LORE.empty}</p>}
      <ol className="flex flex-col gap-4">
        {lore.entries.map((entry, i) => (
          <li key={i} data-testid="lorebook-entry">
            <EntryFields
              n={i + 1}
              entry={entry}
              onChange={(change) => setEntry(i, change)}
              onRemove={() => setEntries(lore.entries.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** One entry's fields; every label carries the entry's number for screen readers. */
function EntryFields({
  n,
  entry,
  onChange,
  onRemove,
}: {
  n: number;
  entry: LoreEntryDraft;
  onChange: (change: Partial<LoreEntryDraft>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = (text: string, htmlFor: string) => (
    <label htmlFor={htmlFor} className="text-sm font-medium text-zinc-200">
      <span className="sr-only">{LORE.entry(n)} </span>
      {text}
    </label>
  );
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-medium text-white">{LORE.entry(n)}</h3>
        <button type="button" onClick={onRemove} className="inline-flex min-h-11 items-center rounded-md px-3 text-sm text-red-400 hover:bg-zinc-800">
          {LORE.remove}
          <span className="sr-only"> {LORE.entry(n).toLowerCase()}</span>
        </button>
      </div>
      <div className="flex flex-col gap-1.5">
        {label(LORE.entryTitle, `${id}-title`)}
        <input id={`${id}-title`} value={entry.name} onChange={(e) => onChange({ name: e.target.value })} className={textInput} />
      </div>
      <div className="flex flex-col gap-1.5">
        {label(LORE.keys, `${id}-keys`)}
        <input
          id={`${id}-keys`}
          value={entry.keys}
          onChange={(e) => onChange({ keys: e.target.value })}
          aria-describedby={`${id}-keys-hint`}
          className={textInput}
        />
        <p id={`${id}-keys-hint`} className="text-xs text-zinc-400">
          {LORE.keysHint}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        {label(LORE.content, `${id}-content`)}
        <textarea
          id={`${id}-content`}
          rows={4}
          value={entry.content}
          onChange={(e) => onChange({ content: e.target.value })}
          aria-describedby={`${id}-content-hint`}
          className={inputClass}
        />
        <p id={`${id}-content-hint`} className="text-xs text-zinc-400">
          {LORE.contentHint}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <div className="flex w-28 flex-col gap-1.5">
          {label(LORE.order, `${id}-order`)}
          <input
            id={`${id}-order`}
            type="number"
            inputMode="numeric"
            step={1}
            value={entry.order}
            onChange={(e) => onChange({ order: e.target.value })}
            aria-describedby={`${id}-order-hint`}
            className={textInput}
          />
        </div>
        <Toggle checked={entry.constant} onChange={(constant) => onChange({ constant })}>
          <span className="sr-only">{LORE.entry(n)} </span>
          {LORE.constant}
        </Toggle>
        <Toggle checked={entry.enabled} onChange={(enabled) => onChange({ enabled })}>
          <span className="sr-only">{LORE.entry(n)} </span>
          {LORE.enabled}
        </Toggle>
      </div>
      <p id={`${id}-order-hint`} className="text-xs text-zinc-400">
        {LORE.orderHint}
      </p>
    </div>
  );
}

/** A checkbox drawn as a box inside a label a finger can hit (44 px tall). */
function Toggle({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-zinc-200">
      <input type="checkbox" className="peer sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span
        aria-hidden
        className="flex size-5 items-center justify-center rounded border border-zinc-500 text-transparent peer-checked:border-brand-500 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400"
      >
        <Check className="size-4" />
      </span>
      {children}
    </label>
  );
}
