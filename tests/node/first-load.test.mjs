// What a page's first load brings, read from the browser build (`npm run build` runs first in
// `npm test`): the chat, group and story pages load zod and the SSE reader after their first paint,
// only when a stream or a live update needs them (decision 074).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

const dir = "build/client";
const assets = readdirSync(`${dir}/assets`);
const source = (file) => readFileSync(`${dir}${file}`, "utf8");
const manifestFile = assets.find((f) => /^manifest-.*\.js$/.test(f));
const manifest = JSON.parse(
  source(`/assets/${manifestFile}`)
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);

/** The files a page preloads: the entry's, the root's and the route's modules and their imports. */
function firstLoad(routeId) {
  const route = manifest.routes[routeId];
  assert.ok(route, `${routeId} is in the manifest`);
  const { root } = manifest.routes;
  return new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? []), route.module, ...(route.imports ?? [])]);
}

// zod's object schema names itself in a string that minifying keeps.
const holdsZod = (file) => source(file).includes('"$ZodObject"');

describe("a page's first load", () => {
  it("the event parsers' module is built, and it is what brings zod", () => {
    const streams = assets.filter((f) => /^event-streams-.*\.js$/.test(f));
    assert.equal(streams.length, 1);
    const imported = [...source(`/assets/${streams[0]}`).matchAll(/from"\.\/([^"]+)"/g)].map((m) => `/assets/${m[1]}`);
    assert.ok(imported.some(holdsZod), "event-streams imports the chunk that holds zod");
  });

  for (const routeId of ["routes/characters.chat.$id", "routes/characters.groups.$id", "routes/story.$id", "routes/story._index"]) {
    it(`${routeId} does not preload zod or the event parsers`, () => {
      for (const file of firstLoad(routeId)) {
        assert.ok(!/\/event-streams-/.test(file), `${routeId} preloads ${file}`);
        assert.ok(!holdsZod(file), `${routeId} preloads ${file}, which holds zod`);
      }
    });
  }
});
