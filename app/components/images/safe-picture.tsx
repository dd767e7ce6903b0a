import { EyeOff } from "lucide-react";
import { useState } from "react";

/**
 * A picture that follows Safe Images: an NSFW one stays blurred until the person clicks it (or
 * presses Enter on the button over it).
 */
export function SafePicture({
  src,
  alt,
  blur,
  width,
  height,
  className = "",
  frameClassName = "block",
}: {
  src: string;
  alt: string;
  blur: boolean;
  width: number;
  height: number;
  className?: string;
  /** The frame around the picture (and its blur button): a block by default. */
  frameClassName?: string;
}) {
  const [revealed, setRevealed] = useState(false);
  const hidden = blur && !revealed;
  return (
    <span className={`relative overflow-hidden ${frameClassName}`}>
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        className={`${className} ${hidden ? "scale-110 blur-2xl" : ""}`}
        data-blurred={hidden || undefined}
      />
      {hidden && (
        <button
          type="button"
          onClick={() => setRevealed(true)}
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/30 text-sm font-semibold text-white"
        >
          <EyeOff aria-hidden className="size-5" />
          NSFW: show picture
        </button>
      )}
    </span>
  );
}
