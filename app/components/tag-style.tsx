import { TriangleAlert } from "lucide-react";
import { isWarningTag } from "~/spec/tags";

/** A tag chip's state classes (the `chip-*` component classes in tailwind.css): content-warning tags look like warnings wherever tags are shown. */
export function tagTone(tag: string, selected: boolean) {
  if (isWarningTag(tag)) return selected ? "chip-warn-on" : "chip-warn";
  return selected ? "chip-on" : "";
}

/** A small pill for a tag on a card or panel. */
export const tagPill = (tag: string) => (isWarningTag(tag) ? "tag-pill tag-pill-warning" : "tag-pill");

/** The mark before a content-warning tag's name: an icon, and words for screen readers. */
export function WarningMark({ tag }: { tag: string }) {
  if (!isWarningTag(tag)) return null;
  return (
    <>
      <TriangleAlert aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
      <span className="sr-only">(content warning) </span>
    </>
  );
}
