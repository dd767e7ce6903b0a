import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatText } from "~/components/chat/chat-text";
import { parseInline, parseMessage } from "~/lib/chat/format";

const html = (text: string) => renderToStaticMarkup(createElement(ChatText, { text }));
/** The inner HTML of the one paragraph a short message becomes. */
const line = (text: string) =>
  html(text)
    .replace(/^<div class="prose-reverie chat-text"><p>/, "")
    .replace(/<\/p><\/div>$/, "");

describe("chat message formatting", () => {
  it("reads actions, emphasis, strong, struck text and speech as characters write them", () => {
    expect(line('*She tilts her head.* "Hello there," she says.')).toBe(
      '<em>She tilts her head.</em> <span class="chat-quote">&quot;Hello there,&quot;</span> she says.',
    );
    expect(line("**Loud** and _soft_ and __bold__ and ~~gone~~")).toBe("<strong>Loud</strong> and <em>soft</em> and <strong>bold</strong> and <del>gone</del>");
    expect(line("“Curly,” he said")).toBe('<span class="chat-quote">“Curly,”</span> he said');
    expect(line('*"Speech inside an action"*')).toBe('<em><span class="chat-quote">&quot;Speech inside an action&quot;</span></em>');
  });

  it("leaves what is not formatting alone", () => {
    expect(line("snake_case_name and 2 * 3 * 4 and a lone * star")).toBe("snake_case_name and 2 * 3 * 4 and a lone * star");
    expect(line("\\*not an action\\*")).toBe("*not an action*");
    expect(line("<b>no raw html</b>")).toBe("&lt;b&gt;no raw html&lt;/b&gt;");
  });

  it("keeps line breaks, splits paragraphs on blank lines, and reads quoted lines and fenced code", () => {
    expect(html("one\ntwo\n\nthree")).toBe('<div class="prose-reverie chat-text"><p>one<br/>two</p><p>three</p></div>');
    expect(html("> a memory\n> of rain")).toBe('<div class="prose-reverie chat-text"><blockquote><p>a memory<br/>of rain</p></blockquote></div>');
    expect(html("```\nlet *x* = 1;\n\nok\n```\nafter")).toBe(
      '<div class="prose-reverie chat-text"><pre><code>let *x* = 1;\n\nok</code></pre><p>after</p></div>',
    );
    expect(line("use `*stars*` here")).toBe("use <code>*stars*</code> here");
  });

  it("links only safe schemes, and shows pictures only from this site's media", () => {
    expect(line("[map](https://example.com/map) and https://example.com/x.")).toBe(
      '<a href="https://example.com/map" rel="noreferrer nofollow" target="_blank">map</a> and <a href="https://example.com/x" rel="noreferrer nofollow" target="_blank">https://example.com/x</a>.',
    );
    expect(line("[click](javascript:alert(1))")).not.toContain("href");
    expect(line("[click](javascript:alert(1))")).not.toContain("<a");
    expect(line("![me](/media/images/a.png)")).toBe('<img src="/media/images/a.png" alt="me" loading="lazy"/>');
    // A picture's address follows the same schemes as a link's: anything else shows nothing.
    expect(line("![x](javascript:void0) ![y](data:text/html,hi)")).toBe(" ");
    expect(line("![tracker](https://evil.example/p.png)")).toBe('<a href="https://evil.example/p.png" rel="noreferrer nofollow" target="_blank">tracker</a>');
  });

  it("never nests a link in a link", () => {
    expect(parseInline("[see https://a.example](https://b.example)")).toEqual([
      { type: "link", href: "https://b.example", children: ["see https://a.example"] },
    ]);
  });

  it("parses an unfinished fence (a reply still streaming) to the end", () => {
    expect(parseMessage("```\ncode")).toEqual([{ type: "pre", text: "code" }]);
  });
});
