// The patch to @remix-run/react (patches/, decision 063) is applied by `npm install`: RemixServer
// builds its routes once for a build's modules instead of on every render, and builds them again
// when the modules change (a new build in development).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createStaticHandler } from "@remix-run/router";
import { RemixServer } from "@remix-run/react";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { UNSAFE_DataRouterContext } from "react-router";

const manifest = {
  version: "1",
  url: "/manifest.js",
  entry: { module: "/entry.js", imports: [] },
  routes: { root: { id: "root", path: "", module: "/root.js", hasLoader: false, hasAction: false, hasErrorBoundary: false } },
};

/** Renders the app as the server does for one request (a new routeModules object each time, as Remix hands over). */
async function render(modules) {
  const staticHandlerContext = await createStaticHandler([{ id: "root", path: "" }]).query(new Request("http://127.0.0.1/"));
  const context = {
    manifest,
    routeModules: { ...modules },
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    serverHandoffString: "{}",
    serializeError: (e) => e,
  };
  return renderToString(createElement(RemixServer, { context, url: "http://127.0.0.1/" }));
}

describe("the RemixServer patch", () => {
  it("renders every request with the same routes while the build's modules are the same, and new ones when they change", async () => {
    const seen = [];
    const page = (text) => () => {
      seen.push(useContext(UNSAFE_DataRouterContext).router.routes);
      return createElement("p", null, text);
    };
    const first = { root: { default: page("first") } };
    assert.equal(await render(first), "<p>first</p>");
    assert.equal(await render(first), "<p>first</p>");
    assert.equal(seen[0], seen[1]);
    assert.equal(await render({ root: { default: page("second") } }), "<p>second</p>");
    assert.notEqual(seen[2], seen[1]);
  });
});
