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
