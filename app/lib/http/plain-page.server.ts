import { newNonce, pagePolicy } from "~/lib/http/security-headers.server";
import { pageTitle } from "~/spec/pages";

/** Inline styles of a plain page: it has no stylesheet, so it stands on its own (a banned person gets nothing of the app). */
export const PLAIN_STYLE = {
  link: "color:#c4b5fd",
  button:
    "margin-top:1.5rem;min-height:44px;border:1px solid #3f3f46;border-radius:.375rem;background:transparent;color:#e4e4e7;padding:.5rem 1rem;font-size:.875rem;cursor:pointer",
};

/**
 * The one way to answer with a small page outside the app (the ban page, the sign-in wait page): a
 * centred card with a heading and `body` (trusted HTML: escape what it holds), the page's own CSP with
 * a nonce for its one optional script, and never cached.
 */
export function plainPage(page: {
  status: number;
  title: string;
  heading: string;
  body: string;
  script?: string;
  testId?: string;
  border?: string;
  headers?: Record<string, string>;
}) {
  const nonce = newNonce();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle(page.title)}</title></head>
<body style="margin:0;background:#09090b;color:#d4d4d8;font-family:system-ui,-apple-system,sans-serif">
<main${page.testId ? ` data-testid="${page.testId}"` : ""} style="display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box">
<div style="max-width:28rem;border:1px solid ${page.border ?? "#3f3f46"};background:rgba(24,24,27,.6);border-radius:.75rem;padding:2rem;text-align:center">
<h1 style="margin:0;font-size:1.5rem;color:#fff">${page.heading}</h1>
${page.body}
</div></main>${page.script ? `\n<script nonce="${nonce}">${page.script}</script>` : ""}
</body></html>`;
  return new Response(html, {
    status: page.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": pagePolicy(nonce), ...page.headers },
  });
}
