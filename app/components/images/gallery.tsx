import { Link } from "react-router";
import { Download, Share2, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { secondaryButtonClass } from "~/components/ui/field";
import { Modal } from "~/components/ui/sheet";
import { useApi } from "~/hooks/use-api";
import type { Picture } from "~/lib/picture";
import { IMAGE_MESSAGES, IMAGE_MODEL_LABELS } from "~/spec/images";
import { PLAYGROUND_COPY as COPY } from "~/spec/pages";
import { SafePicture } from "./safe-picture";
import { SendToChat } from "./send-to-chat";
import { sharePicture } from "./share";

type Page = { images: Picture[]; next: string | null };

/** The user's own pictures: newest first, a page at a time; one opens large with its actions. */
export function Gallery({ initial, made, blurNsfw }: { initial: Page; made: Picture[]; blurNsfw: boolean }) {
  const [pages, setPages] = useState<Page[]>([initial]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [open, setOpen] = useState<Picture | null>(null);
  const more = useApi<Page>({ onSuccess: (page) => setPages((list) => [...list, page]) });
  const seen = new Set<string>();
  const pictures = [...made, ...pages.flatMap((p) => p.images)].filter((p) => !deleted.includes(p.id) && !seen.has(p.id) && seen.add(p.id));
  const next = pages.at(-1)?.next;

  return (
    <section aria-labelledby="gallery-heading">
      <h2 id="gallery-heading" className="mb-3 text-lg font-semibold text-white">
        {COPY.gallery}
      </h2>
      {pictures.length === 0 ? (
        <p className="text-zinc-400">{COPY.galleryEmpty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="gallery">
          {pictures.map((p) => (
            <li key={p.id} data-testid="gallery-picture" data-image-id={p.id}>
              <button
                type="button"
                onClick={() => setOpen(p)}
                className="block w-full overflow-hidden rounded-lg border border-zinc-800"
                aria-label={`${COPY.open}: ${p.prompt}`}
              >
                <img
                  src={p.url}
                  alt=""
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  className={`h-auto w-full ${blurNsfw && p.isNsfw ? "blur-2xl" : ""}`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className={`${secondaryButtonClass} mt-4`} disabled={more.busy} onClick={() => more.load(`/api/images?before=${next}`)}>
          {COPY.loadMore}
        </button>
      )}
      {open && (
        <PictureViewer picture={open} blurNsfw={blurNsfw} onClose={() => setOpen(null)} onDeleted={(id) => (setDeleted((d) => [...d, id]), setOpen(null))} />
      )}
    </section>
  );
}

/** One picture large, its prompt, and what can be done with it. */
function PictureViewer({
  picture,
  blurNsfw,
  onClose,
  onDeleted,
}: {
  picture: Picture;
  blurNsfw: boolean;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const removal = useApi({ onSuccess: () => onDeleted(picture.id), success: { title: IMAGE_MESSAGES.deleted } });
  const action = "inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800";
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={COPY.viewerTitle} wide testId="picture-viewer">
      <SafePicture
        src={picture.url}
        alt={picture.prompt}
        blur={blurNsfw && picture.isNsfw}
        width={picture.width}
        height={picture.height}
        className="mx-auto max-h-[60vh] w-auto rounded-lg"
      />
      <p className="mt-3 text-sm text-zinc-200">{picture.prompt}</p>
      <p className="mt-1 text-xs text-zinc-400">
        {IMAGE_MODEL_LABELS[picture.model]} · {picture.width}×{picture.height} · seed {picture.seed}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={picture.url} download={`reverie-${picture.id}.png`} className={action}>
          <Download aria-hidden className="size-4" />
          {COPY.download}
        </a>
        <button type="button" className={action} onClick={() => void sharePicture(picture.id)}>
          <Share2 aria-hidden className="size-4" />
          {COPY.share}
        </button>
        <Link to={`/images/playground?image=${picture.id}`} className={action} onClick={onClose}>
          <Wand2 aria-hidden className="size-4" />
          {COPY.moreLikeThis}
        </Link>
        <button type="button" className={`${action} text-red-300`} disabled={removal.busy} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-4" />
          {COPY.delete}
        </button>
        <SendToChat pictureId={picture.id} className={action} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={COPY.confirmDelete}
        description={COPY.confirmDeleteText}
        confirmLabel={COPY.delete}
        onConfirm={() => removal.submit(`/api/images/${picture.id}`, "DELETE")}
      />
    </Modal>
  );
}
