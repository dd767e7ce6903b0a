import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatText } from "~/components/chat/chat-text";
import { Markdown } from "~/components/markdown";
import { NewsMarkdown } from "~/components/news/news-markdown";
import { ownMediaPath } from "~/lib/media-key";

/** Addresses that start with /media/ but that the browser resolves to another path of the site. */
const ESCAPES = [
  "/media/../api/auth/callback/email?t=stolen",
  "/media/%2e%2e/api/auth/signout",
  "/media/%2E%2E/%2E%2E/api/me",
  "/media/images/..%2f..%2fapi%2fme",
  "/media\\..\\api\\auth\\signout",
  "/media/./../account",
  "/media//evil.example/x.png",
  "//evil.example/media/images/x.png",
  "https://evil.example/media/images/x.png",
  "/media/images/%zz.png",
  "/media/private/x.png",
];

describe("pictures written in text load from this site's media only (issue 22)", () => {
  it("decides on the path the browser resolves, after percent-decoding, against the media key pattern", () => {
    for (const src of ESCAPES) expect(ownMediaPath(src), src).toBeNull();
    expect(ownMediaPath("/media/images/abc123.png")).toBe("/media/images/abc123.png");
    expect(ownMediaPath("/media/thumbnails/x-1.webp?v=2#top")).toBe("/media/thumbnails/x-1.webp");
    expect(ownMediaPath("/media/./images/a.png")).toBe("/media/images/a.png");
  });

  const renderers = {
    chat: (text: string) => renderToString(createElement(ChatText, { text })),
    markdown: (text: string) => renderToString(createElement(Markdown, { children: text })),
    news: (text: string) => renderToString(createElement(NewsMarkdown, { children: text })),
  };

  for (const [name, render] of Object.entries(renderers))
    it(`the ${name} renderer draws no <img> for an address that escapes /media/, and the normalised one for a real picture`, () => {
      for (const src of ESCAPES) expect(render(`![x](${src})`), src).not.toContain("<img");
      expect(render("![me](/media/./images/a.png)")).toContain('src="/media/images/a.png"');
    });
});
