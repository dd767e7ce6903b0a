/**
 * What characters write, read without a full Markdown pipeline (decision 024): paragraphs and line
 * breaks, `*actions*` and _emphasis_, **strong**, ~~struck~~, "speech" (straight or curly quotes),
 * `code` and fenced blocks, > quoted lines, [links](…), bare https:// links and ![pictures](…). It is
 * a few regular expressions over the text, so a 200-message chat renders in a couple of milliseconds.
 * Links keep only the safe schemes (safeUrl); pictures load only from this site's media (SafeImage).
 */
export type Inline =
  | string
  | { type: "em" | "strong" | "del" | "quote"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string };

export type Block = { type: "p"; lines: Inline[][] } | { type: "blockquote"; lines: Inline[][] } | { type: "pre"; text: string };

// One alternation, tried left to right at each position; the first group that matches wins.
const INLINE = new RegExp(
  [
    /\\([\\`*_~[\]()"!>#-])/.source, // 1: an escaped character
    /(`+)([^`]|[^`][\s\S]*?[^`])\2(?!`)/.source, // 2, 3: code
    /!\[([^\]\n]*)\]\(\s*([^)\s]+)\s*\)/.source, // 4, 5: a picture
    /\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)/.source, // 6, 7: a link
    /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]])/.source, // 8: a bare link
    /\*\*(?!\s)([\s\S]+?)(?<!\s)\*\*/.source, // 9: strong
    /(?<![\p{L}\p{N}_])__(?!\s)([\s\S]+?)(?<!\s)__(?![\p{L}\p{N}_])/u.source, // 10: strong
    /~~(?!\s)([\s\S]+?)(?<!\s)~~/.source, // 11: struck
    /\*(?![\s*])([\s\S]*?[^\s*]|[^\s*])\*/.source, // 12: emphasis (an action)
    /(?<![\p{L}\p{N}_])_(?![\s_])([\s\S]*?[^\s_]|[^\s_])_(?![\p{L}\p{N}_])/u.source, // 13: emphasis
    /"([^"\n]+)"/.source, // 14: speech
    /“([^”\n]+)”/.source, // 15: speech
  ].join("|"),
  "gu",
);

export function parseInline(text: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (node: Inline) => {
    if (typeof node === "string" && typeof out.at(-1) === "string") out[out.length - 1] += node;
    else if (node !== "") out.push(node);
  };
  for (const m of text.matchAll(INLINE)) {
    const index = m.index;
    push(text.slice(last, index));
    last = index + m[0].length;
    if (m[1] !== undefined) push(m[1]);
    else if (m[3] !== undefined) push({ type: "code", text: m[3] });
    else if (m[5] !== undefined) push({ type: "image", src: m[5], alt: m[4] });
    else if (m[7] !== undefined) push(inLink ? m[6] : { type: "link", href: m[7], children: parseInline(m[6], true) });
    else if (m[8] !== undefined) push(inLink ? m[8] : { type: "link", href: m[8], children: [m[8]] });
    else if (m[9] !== undefined || m[10] !== undefined) push({ type: "strong", children: parseInline(m[9] ?? m[10], inLink) });
    else if (m[11] !== undefined) push({ type: "del", children: parseInline(m[11], inLink) });
    else if (m[12] !== undefined || m[13] !== undefined) push({ type: "em", children: parseInline(m[12] ?? m[13], inLink) });
    else {
      const [open, close] = m[14] !== undefined ? ['"', '"'] : ["“", "”"];
      push({ type: "quote", children: [open, ...parseInline(m[14] ?? m[15], inLink), close] });
    }
  }
  push(text.slice(last));
  return out;
}

/** Splits a message into paragraphs (blank lines), quoted blocks (`> `) and fenced code (```). */
export function parseMessage(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (!paragraph.length) return;
    const quoted = paragraph.every((l) => /^\s{0,3}>/.test(l));
    const body = quoted ? paragraph.map((l) => l.replace(/^\s{0,3}>\s?/, "")) : paragraph;
    blocks.push({ type: quoted ? "blockquote" : "p", lines: body.map((l) => parseInline(l)) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = lines[i].match(/^\s{0,3}(`{3,}|~{3,})/);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence[1]); i++) code.push(lines[i]);
      blocks.push({ type: "pre", text: code.join("\n") });
    } else if (lines[i].trim() === "") flush();
    else paragraph.push(lines[i]);
  }
  flush();
  return blocks;
}
