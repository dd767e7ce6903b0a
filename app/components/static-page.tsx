import type { ReactNode } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { escapeHtml } from "~/lib/escape-html";
import { MESSAGES } from "~/spec/messages";

/**
 * A written page (FAQ, terms, privacy, rules, tips) from `app/content/*.md`, rendered to HTML at build
 * time (tooling/markdown-pages.ts); `{supportEmail}` in the text becomes a mail link to the configured address,
 * and `{oauthSignIn}` the sign-in methods this deployment offers besides email (none: nothing).
 */
export function StaticPage({ title, intro, html, children }: { title: string; intro?: string; html: string; children?: ReactNode }) {
  const { links, signInProviders } = useRootData();
  const email = escapeHtml(links.supportEmail);
  const body = html
    .replaceAll("{supportEmail}", `<a href="mailto:${email}">${email}</a>`)
    .replaceAll("{oauthSignIn}", escapeHtml(MESSAGES.signIn.otherWays(signInProviders.map((id) => MESSAGES.signIn[id]))));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      {intro && <p className="mt-2 text-zinc-400">{intro}</p>}
      {children}
      <div className="prose-reverie" dangerouslySetInnerHTML={{ __html: body }} />
    </article>
  );
}
