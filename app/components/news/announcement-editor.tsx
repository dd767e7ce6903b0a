import { useState } from "react";
import { FormProblem } from "~/components/ui/form-problem";
import { Modal } from "~/components/ui/sheet";
import { buttonClass, Field, inputClass, secondaryButtonClass, TextField } from "~/components/ui/field";
import { isApiError, useApi } from "~/hooks/use-api";
import { jsonHeaders } from "~/lib/browser/api-client";
import type { AnnouncementView } from "~/models/announcement.server";
import { MESSAGES } from "~/spec/messages";
import { ANNOUNCEMENT_COPY as COPY, ANNOUNCEMENT_LIMITS as LIMITS, ANNOUNCEMENT_MESSAGES } from "~/spec/moderation";

/** Moderators write and edit announcements: title, link, author, date, paragraphs and up to six pictures. */
export function AnnouncementEditor({
  open,
  onOpenChange,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: AnnouncementView | null;
}) {
  const [title, setTitle] = useState(editing?.title ?? "");
  const [link, setLink] = useState(editing?.link ?? "");
  const [author, setAuthor] = useState(editing?.author ?? "");
  const [date, setDate] = useState(editing?.date ?? new Date().toISOString().slice(0, 10));
  const [content, setContent] = useState(editing?.content.join("\n\n") ?? "");
  const [images, setImages] = useState<string[]>(editing?.images ?? []);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const api = useApi({
    success: { title: ANNOUNCEMENT_MESSAGES.saved },
    onSuccess: () => onOpenChange(false),
    onError: (error) => {
      setProblem(error.message);
      return false;
    },
  });

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setUploading(true);
    setProblem(null);
    try {
      for (const file of [...files].slice(0, LIMITS.imagesMax - images.length)) {
        const form = new FormData();
        form.set("file", file);
        const { "content-type": _json, ...headers } = jsonHeaders();
        const response = await fetch("/api/mods/announcements/images", { method: "POST", body: form, headers });
        const answer: unknown = await response.json().catch(() => null);
        if (!response.ok) {
          setProblem(isApiError(answer) ? answer.error.message : MESSAGES.generic.somethingWentWrong);
          break;
        }
        setImages((now) => [...now, (answer as { url: string }).url]);
      }
    } finally {
      setUploading(false);
    }
  }

  function save(e: React.FormEvent) {
    e.preventDefault();
    setProblem(null);
    const body = { title, link, author, date, content: content.split(/\n\s*\n/), images };
    if (editing) api.submit(`/api/mods/announcements/${editing.id}`, "PUT", body);
    else api.submit("/api/mods/announcements", "POST", body);
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} wide title={editing ? `${COPY.edit}: ${editing.title}` : COPY.add}>
      <form onSubmit={save} className="flex flex-col gap-4">
        <TextField id="news-title" label={COPY.title} value={title} onChange={setTitle} maxLength={LIMITS.titleMax} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="news-link" label={COPY.link} value={link} onChange={setLink} maxLength={LIMITS.linkMax} hint="https://... or /a-page" />
          <TextField id="news-author" label={COPY.author} value={author} onChange={setAuthor} maxLength={LIMITS.authorMax} hint="Your name when empty" />
        </div>
        <Field label={COPY.date} htmlFor="news-date">
          <input id="news-date" type="date" className={inputClass} value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <TextField id="news-content" label={COPY.content} value={content} onChange={setContent} rows={8} hint={COPY.contentHint} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-zinc-200">{COPY.pictures}</legend>
          {images.length > 0 && (
            <ul className="grid grid-cols-3 gap-2">
              {images.map((url) => (
                <li key={url} className="relative">
                  <img src={url} alt="" className="aspect-square w-full rounded object-cover" />
                  <button
                    type="button"
                    aria-label={COPY.removePicture}
                    className="absolute right-1 top-1 h-11 w-11 rounded-full bg-zinc-950/80 text-white"
                    onClick={() => setImages((now) => now.filter((u) => u !== url))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {images.length < LIMITS.imagesMax && (
            <label className={`${secondaryButtonClass} inline-flex min-h-11 cursor-pointer items-center self-start`}>
              {uploading ? "Uploading…" : COPY.addPictures}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                multiple
                className="sr-only"
                disabled={uploading}
                onChange={(e) => void upload(e.target.files)}
              />
            </label>
          )}
        </fieldset>
        <FormProblem>{problem}</FormProblem>
        <button type="submit" className={`${buttonClass} min-h-11 self-end`} disabled={api.busy || uploading}>
          {editing ? COPY.save : COPY.publish}
        </button>
      </form>
    </Modal>
  );
}
