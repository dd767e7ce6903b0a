import type { ReactNode } from "react";
import { useRootData } from "~/hooks/use-root-data";
import rehypeSlug from "rehype-slug";
import { Markdown } from "./markdown";

/** Headings get ids, so the FAQ can be linked to a question. */
const HEADING_ANCHORS = [rehypeSlug];

/** A written page (FAQ, terms, privacy, rules, tips) from `app/content/*.md`. */
export function StaticPage({ title, intro, content, children }: { title: string; intro?: string; content: string; children?: ReactNode }) {
  const { links } = useRootData();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      {intro && <p className="mt-2 text-zinc-400">{intro}</p>}
      {children}
      <Markdown rehypePlugins={HEADING_ANCHORS}>{content.replaceAll("{supportEmail}", links.supportEmail)}</Markdown>
    </article>
  );
}
