import { readFile } from "node:fs/promises";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { Plugin } from "vite";

const SUFFIX = ".md?html";

/** Our own written pages (app/content/*.md) as HTML, headings with ids so a question can be linked. */
export const markdownToHtml = async (markdown: string) =>
  String(await unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug).use(rehypeStringify).process(markdown));

/**
 * `import html from "~/content/faq.md?html"`: the page rendered once, at build time, so no request
 * (and no browser) runs a Markdown pipeline for it (decision 024). Only for our own files: raw HTML in
 * them is dropped like react-markdown did, and user text never comes through here.
 */
export function markdownPages(): Plugin {
  return {
    name: "reverie:markdown-pages",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -"?html".length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await markdownToHtml(await readFile(file, "utf8")))};`;
    },
  };
}
