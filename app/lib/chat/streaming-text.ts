/**
 * Text still arriving, made safe to render as Markdown: an emphasis opened by `*` (narration) or `**`
 * and not yet closed is closed at the end for now, so the reader sees italics instead of a raw
 * asterisk. The stored message is never changed.
 */
export function closeOpenEmphasis(text: string) {
  const trimmed = text.replace(/\s+$/, "");
  let out = trimmed;
  const bold = (trimmed.match(/\*\*/g) ?? []).length;
  if (bold % 2 === 1) out += "**";
  const single = (trimmed.replace(/\*\*/g, "").match(/\*/g) ?? []).length;
  if (single % 2 === 1) out = out.endsWith("*") && !out.endsWith("**") ? out.slice(0, -1).trimEnd() : `${out}*`;
  return out;
}

/**
 * A reply cut short (Stop, or the response length) as it is stored: the open emphasis closed as
 * above, and an open quote closed too, so it reads as finished text and never shows a raw `*`.
 */
export function wellFormed(text: string) {
  const closed = closeOpenEmphasis(text);
  if ((closed.match(/"/g) ?? []).length % 2 === 1) return `${closed.replace(/\s*"$/, "")}${closed.endsWith('"') ? "" : '"'}`;
  const curlyOpen = (closed.match(/“/g) ?? []).length;
  const curlyClose = (closed.match(/”/g) ?? []).length;
  return curlyOpen > curlyClose ? `${closed}”` : closed;
}

/**
 * What goes between a message and the text Continue adds to it: nothing when the new text starts
 * with punctuation that belongs to the last word, else one space. The new text's own leading
 * spaces are dropped, so the two never run together or double up.
 */
export function continuationJoin(before: string, next: string) {
  const start = next.replace(/^\s+/, "");
  if (!before || /\s$/.test(before) || /^[,.;:!?…)\]'’]/.test(start)) return start;
  return ` ${start}`;
}
