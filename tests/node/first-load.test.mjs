// What a page's first load brings, read from the browser build (`npm run build` runs first in
// `npm test`): the chat, group and story pages load zod and the SSE reader after their first paint,
// only when a stream or a live update needs them (decision 074); pages without a form that checks its
// input in the browser do not load zod at all (decision 078).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

const dir = "build/client";
const assets = readdirSync(`${dir}/assets`);
const source = (file) => readFileSync(`${dir}${file}`, "utf8");
const manifestFile = assets.find((f) => /^manifest-.*\.js$/.test(f));
const manifest = JSON.parse(
  source(`/assets/${manifestFile}`)
    .replace(/^window\.__reactRouterManifest=/, "")
    .replace(/;\s*$/, ""),
);

/** The files a page preloads: the entry's, then each route's from the root down, with their imports. */
function firstLoad(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/** A built chunk and every chunk it imports, however deep (`import"./x.js"` or `from"./x.js"`). */
function withImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, name] of source(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) withImports(`/assets/${name}`, seen);
  return seen;
}

// Strings that minifying keeps: zod's object schema names itself, and eventsource-parser's error
// for a wrong call names the function. zod's core (which even its settings come with) has its error
// for a promise met in a synchronous parse.
const MARKERS = { zod: '"$ZodObject"', "the SSE parser": "Did you mean `createParser" };
const ZOD_CORE = "Encountered Promise during synchronous parse";
const holds = (file, marker) => source(file).includes(marker);

describe("a page's first load", () => {
  const streams = assets.filter((f) => /^event-streams-.*\.js$/.test(f)).map((f) => `/assets/${f}`);

  it("the event parsers' module is built, and it brings zod and the SSE parser", () => {
    assert.equal(streams.length, 1);
    const loaded = [...withImports(streams[0])];
    for (const [name, marker] of Object.entries(MARKERS))
      assert.ok(
        loaded.some((file) => holds(file, marker)),
        `event-streams brings ${name}`,
      );
  });

  for (const routeId of ["routes/characters.chat.$id", "routes/characters.groups.$id", "routes/story.$id", "routes/story._index"]) {
    it(`${routeId} does not preload zod, the SSE parser or the event parsers`, () => {
      assert.ok(manifest.routes[routeId], `${routeId} is in the manifest`);
      for (const file of firstLoad(routeId)) {
        assert.ok(!streams.includes(file), `${routeId} preloads ${file}`);
        for (const [name, marker] of Object.entries(MARKERS)) assert.ok(!holds(file, marker), `${routeId} preloads ${file}, which holds ${name}`);
      }
    });
  }

  // zod's Content-Security-Policy setting comes with the modules that use zod, not with the root (decision 078).
  for (const routeId of ["routes/_index", "routes/characters._index", "routes/faq", "routes/characters.chat.$id"]) {
    it(`${routeId} does not preload zod's core`, () => {
      for (const file of firstLoad(routeId)) assert.ok(!holds(file, ZOD_CORE), `${routeId} preloads ${file}, which holds zod's core`);
    });
  }
});

// What the root loads on every page comes in two files, packages and our code (decision 099): Rollup
// had split it by which routes share each module, so the root alone preloaded 18 files, several named
// after routes the page is not on.
describe("the root's code", () => {
  const named = (file, name) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(file);

  it("is the framework file and the shell file, and the client entry needs only the framework", () => {
    const imports = [...manifest.routes.root.imports].sort();
    assert.equal(imports.length, 2, `the root imports ${imports.join(", ")}`);
    assert.ok(named(imports[0], "framework") && named(imports[1], "shell"), `the root imports ${imports.join(", ")}`);
    assert.deepEqual(manifest.entry.imports, [imports[0]]);
  });

  it("holds React, React Router and the header, and not zod", () => {
    const [framework, shell] = [...manifest.routes.root.imports].sort();
    // Strings minifying keeps: React's error decoder, React Router's context global, the header's menu label.
    assert.ok(holds(framework, "https://reactjs.org/docs/error-decoder.html"), "the framework file holds react-dom");
    assert.ok(holds(framework, "__reactRouterContext"), "the framework file holds React Router");
    assert.ok(holds(shell, "Open menu"), "the shell file holds the header");
    for (const file of [framework, shell]) assert.ok(!holds(file, ZOD_CORE), `${file} holds zod's core`);
  });

  for (const routeId of ["routes/_index", "routes/characters._index", "routes/faq", "routes/characters.chat.$id"])
    // Each file is a round trip on a phone's connection before the first paint (decision 054); Remix v2
    // preloaded 18 to 28 files for these pages, and React Router 7 before decision 099 21 to 31.
    it(`${routeId} preloads the root's two files, and 18 files at most`, () => {
      const files = [...firstLoad(routeId)];
      assert.equal(files.filter((f) => named(f, "framework") || named(f, "shell")).length, 2);
      assert.ok(files.length <= 18, `${routeId} preloads ${files.length} files: ${files.join(", ")}`);
    });
});
