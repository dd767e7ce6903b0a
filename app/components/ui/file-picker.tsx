import { FileAudio, ImagePlus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { CHARACTER_FORM_MESSAGES as FORM } from "~/spec/messages";
import { Field } from "./field";

/** An object URL for the chosen file, revoked when the choice changes or the form goes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * A labelled file picker styled like the rest of the form: a button, the chosen file's name and size,
 * a preview (the picture, or a player for a sound) and a way to take the choice back.
 */
export function FilePicker({
  id,
  label,
  hint,
  accept,
  kind,
  file,
  stored,
  onFile,
}: {
  id: string;
  label: string;
  hint: string;
  accept: string;
  kind: "image" | "audio";
  file: File | null;
  /** What is saved now (the current picture), shown until another file is chosen. */
  stored?: string | null;
  onFile: (file: File | null) => void;
}) {
  const chosenUrl = useObjectUrl(file);
  const url = chosenUrl ?? stored ?? null;
  const Icon = kind === "image" ? ImagePlus : FileAudio;
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <div className="flex flex-wrap items-center gap-3" data-testid={`${id}-picker`}>
        {kind === "image" && (
          <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-zinc-700 bg-zinc-900">
            {url ? <img src={url} alt={`${label} preview`} className="size-full object-cover" /> : <Icon aria-hidden className="size-8 text-zinc-600" />}
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={id}
              type="file"
              accept={accept}
              className="peer sr-only"
              onChange={(e) => {
                onFile(e.target.files?.[0] ?? null);
                e.target.value = "";
              }}
            />
            <label
              htmlFor={id}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-600 px-4 text-sm font-medium text-zinc-100 hover:bg-zinc-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400"
            >
              <Icon aria-hidden className="size-4" />
              {file || url ? FORM.replaceFile : kind === "image" ? FORM.choosePicture : FORM.chooseAudio}
            </label>
            {file && (
              <button
                type="button"
                onClick={() => onFile(null)}
                className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm text-zinc-300 hover:bg-zinc-800"
                aria-label={`${FORM.removeFile} ${file.name}`}
              >
                <X aria-hidden className="size-4" />
                {FORM.removeFile}
              </button>
            )}
          </div>
          <p className="truncate text-xs text-zinc-400" aria-live="polite">
            {file ? `${file.name} · ${size(file.size)}` : url ? FORM.savedFile : FORM.noFile}
          </p>
        </div>
      </div>
      {kind === "audio" && chosenUrl && (
        <audio controls src={chosenUrl} className="mt-1 w-full max-w-sm" aria-label={`${label} preview`}>
          <track kind="captions" />
        </audio>
      )}
    </Field>
  );
}

/**
 * A button that opens the file chooser and hands over the one file chosen, for files read at once
 * (a card, a lorebook). The choice is then forgotten, so choosing the same file again reads it again.
 */
export function FileButton({
  id,
  accept,
  busy,
  label,
  busyLabel,
  testId,
  className,
  onFile,
}: {
  id: string;
  accept: string;
  busy: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  className: string;
  onFile: (file: File) => void;
}) {
  return (
    <label htmlFor={id} className={`${className} cursor-pointer focus-within:ring-2 focus-within:ring-brand-400 ${busy ? "opacity-60" : ""}`}>
      {busy ? busyLabel : label}
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        className="sr-only"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
