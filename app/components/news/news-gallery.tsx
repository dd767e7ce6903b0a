import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Maximize2, X } from "lucide-react";
import { useState } from "react";

const navButton =
  "flex h-11 w-11 items-center justify-center rounded-full bg-zinc-950/70 text-white hover:bg-zinc-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-400";

/**
 * An announcement's pictures (spec section 2, News image viewer): one at a time, previous and next
 * wrapping around, and a zoom button opening a full-screen overlay with the same navigation. The
 * overlay (a Radix dialog) closes on Escape, a click outside the picture or its close button, traps
 * focus while open and gives it back to the zoom button.
 */
export function NewsGallery({ images, title }: { images: string[]; title: string }) {
  const [at, setAt] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const count = images.length;
  const step = (by: number) => setAt((i) => (i + by + count) % count);
  const label = (i: number) => `${title}, picture ${i + 1} of ${count}`;
  const nav = (
    <>
      <button type="button" className={navButton} aria-label="Previous picture" onClick={() => step(-1)}>
        <ChevronLeft aria-hidden className="h-5 w-5" />
      </button>
      <span className="text-xs text-zinc-300" aria-live="polite">
        {at + 1} / {count}
      </span>
      <button type="button" className={navButton} aria-label="Next picture" onClick={() => step(1)}>
        <ChevronRight aria-hidden className="h-5 w-5" />
      </button>
    </>
  );
  return (
    <div className="flex flex-col gap-2" data-testid="news-gallery">
      <div className="relative overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950">
        <img src={images[at]} alt={label(at)} className="aspect-[4/3] w-full object-cover" data-testid="gallery-image" />
        <Dialog.Root open={zoomed} onOpenChange={setZoomed}>
          <Dialog.Trigger asChild>
            <button type="button" className={`${navButton} absolute right-2 top-2`} aria-label="Zoom">
              <Maximize2 aria-hidden className="h-4 w-4" />
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
            <Dialog.Content
              className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 focus:outline-none"
              data-testid="news-viewer"
              aria-describedby={undefined}
              onPointerDown={(e) => {
                // A click on the backdrop around the picture closes, like a click outside.
                if (e.target === e.currentTarget) setZoomed(false);
              }}
            >
              <Dialog.Title className="sr-only">{title}</Dialog.Title>
              <img src={images[at]} alt={label(at)} className="max-h-[80vh] max-w-full rounded object-contain" data-testid="viewer-image" />
              <div className="flex items-center gap-3">{nav}</div>
              <Dialog.Close asChild>
                <button type="button" className={`${navButton} absolute right-4 top-4`} aria-label="Close">
                  <X aria-hidden className="h-5 w-5" />
                </button>
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      {count > 1 && <div className="flex items-center justify-center gap-3">{nav}</div>}
    </div>
  );
}
