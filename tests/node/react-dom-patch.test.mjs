// The patch to react-dom 18.3.1's streaming server renderer (patches/, decision 059), the one the
// Worker runs (wrangler.toml's alias): its chunks are strings, gathered and encoded once per 2 KB,
// instead of encoded one by one and copied into 512-byte views. The HTML must be byte for byte what
// the unpatched renderer (react-dom's development build, which the patch leaves alone) writes.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import path from "node:path";
import React from "react";

// The files themselves, as the Worker's alias names them (react-dom's exports map hides them).
const require = createRequire(import.meta.url);
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const patched = require(path.join(cjs, "react-dom-server.browser.production.min.js"));
const unpatched = require(path.join(cjs, "react-dom-server.browser.development.js"));
const h = React.createElement;

/** A page with escaping, raw HTML, non-ASCII text and a boundary that streams in after its fallback. */
function page() {
  let value = null;
  const later = new Promise((resolve) =>
    setTimeout(() => {
      value = `ready ünïcødé 😀 ${"x".repeat(3000)}`;
      resolve();
    }, 10),
  );
  function Slow() {
    if (value === null) throw later;
    return h("p", { title: 'a&b"c' }, value);
  }
  const rows = Array.from({ length: 200 }, (_, i) => h("li", { key: i, className: "row", "data-i": i }, `Row ${i} <${i}>`));
  return h(
    "html",
    null,
    h("head", null, h("title", null, "T <&> 😀")),
    h(
      "body",
      null,
      h("div", { dangerouslySetInnerHTML: { __html: "<b>raw</b>" } }),
      h("ul", null, rows),
      h("textarea", { defaultValue: "é".repeat(600) }),
      h(React.Suspense, { fallback: h("span", null, "loading…") }, h(Slow)),
    ),
  );
}

async function render(renderer) {
  const stream = await renderer.renderToReadableStream(page(), { bootstrapScriptContent: "start()" });
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, html: Buffer.concat(chunks).toString("utf8") };
}

describe("the streaming renderer's patch", () => {
  it("writes the same HTML as the unpatched renderer, a streamed boundary included", async () => {
    const [ours, theirs] = await Promise.all([render(patched), render(unpatched)]);
    assert.ok(theirs.html.includes("ready ünïcødé 😀"));
    assert.equal(ours.html, theirs.html);
  });

  it("sends the page in chunks of about 2 KB, not 512 bytes", async () => {
    const { chunks } = await render(patched);
    // The shell's first chunk: the unpatched renderer sends it as a full 512-byte view.
    assert.ok(chunks[0].byteLength > 2048, `first chunk: ${chunks[0].byteLength} bytes`);
  });
});
