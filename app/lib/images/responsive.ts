/**
 * Card pictures through Cloudflare's image resizing (decision 057): the same stored file, offered in the
 * widths screens need and in the format each browser takes best (WebP or AVIF), made and cached by
 * Cloudflare at `/cdn-cgi/image/<options>/<path>`. Only our own files (`/media/...`) are offered so.
 */
const CARD_WIDTHS = [256, 384, 512];

/** How wide a card shows: half a phone's screen, a third of a tablet's, about 240 px beside a desktop's sidebar. */
export const CARD_SIZES = "(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw";

/** The srcset for a stored picture, or undefined for anything else (the default picture, an outside address). */
export function resizedSrcSet(src: string, widths: number[] = CARD_WIDTHS): string | undefined {
  if (!src.startsWith("/media/")) return undefined;
  return widths.map((w) => `/cdn-cgi/image/width=${w},fit=scale-down,format=auto${src} ${w}w`).join(", ");
}
