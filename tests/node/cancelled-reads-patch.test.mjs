// The patches to @remix-run/react and turbo-stream (patches/, decision 076) are applied by
// `npm install`: when the router cancels a request whose answer is still arriving (a newer submission
// or revalidation replaced it), single fetch no longer logs the cancelled body read as a console
// error, and a body cancelled after its first line no longer leaves unhandled rejections behind. A
// body that cannot be decoded is still logged, and a failed stream still rejects for whoever awaits
// it. This runs the modules the browser bundle is built from (dist/esm, turbo-stream's .mjs).
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import { getSingleFetchDataStrategy } from "@remix-run/react/dist/esm/single-fetch.js";
import { decode, encode } from "turbo-stream";

let server;
let origin;
let firstLine;
const realFetch = globalThis.fetch;
const realConsoleError = console.error;

before(async () => {
  firstLine = await new Response(encode({ "routes/x": { data: { saved: true } } })).text();
  server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/x-script" });
    // A stalled answer sends its headers (and maybe its data) and then nothing, like a slow server.
    if (request.url.startsWith("/stalled.data")) response.flushHeaders();
    else if (request.url.startsWith("/unfinished.data")) response.write(firstLine);
    else response.end("this is not a turbo-stream\n");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${server.address().port}`;
  globalThis.window = { location: { origin } };
});

after(() => {
  globalThis.fetch = realFetch;
  console.error = realConsoleError;
  delete globalThis.window;
  server.closeAllConnections();
  server.close();
});

/** Loads one fetcher's data the way the router does, with the request's signal. */
function fetcherLoad(path, signal) {
  const strategy = getSingleFetchDataStrategy({ routes: {} }, {}, () => null);
  const match = { shouldLoad: true, route: { id: "routes/x" }, resolve: (load) => load((run) => run()) };
  return strategy({ request: new Request(`${origin}${path}`, { signal }), matches: [match], fetcherKey: "key" });
}

/** Records what is logged as an error, and every unhandled rejection, while `run` runs. */
async function logged(run) {
  const errors = [];
  const unhandled = (reason) => errors.push(["unhandled rejection", reason]);
  console.error = (...args) => errors.push(args);
  process.on("unhandledRejection", unhandled);
  try {
    await run();
    // Unhandled rejections are reported after the microtasks run out.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    console.error = realConsoleError;
    process.off("unhandledRejection", unhandled);
  }
  return errors;
}

/** A body that sends `text` and then fails, as a cancelled request's body does. */
function failingBody(text) {
  let controller;
  const body = new ReadableStream({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode(text));
    },
  });
  return { body, fail: () => controller.error(new DOMException("BodyStreamBuffer was aborted", "AbortError")) };
}

describe("the patches for cancelled reads", () => {
  it("does not log a body read that the router cancelled", async () => {
    const controller = new AbortController();
    let answered;
    const headersArrived = new Promise((resolve) => (answered = resolve));
    globalThis.fetch = async (...args) => {
      const response = await realFetch(...args);
      answered();
      return response;
    };
    const errors = await logged(async () => {
      const load = fetcherLoad("/stalled", controller.signal);
      await headersArrived;
      controller.abort();
      await assert.rejects(load, /Unable to decode turbo-stream response/);
    });
    globalThis.fetch = realFetch;
    assert.deepEqual(errors, []);
  });

  it("still logs a body that cannot be decoded", async () => {
    const errors = await logged(() => assert.rejects(fetcherLoad("/broken", new AbortController().signal), /Unable to decode/));
    assert.equal(errors.length, 1);
    assert.equal(errors[0][0].name, "SyntaxError");
  });

  it("leaves nothing unhandled when the router cancels an answer after its data arrived", async () => {
    const controller = new AbortController();
    const errors = await logged(async () => {
      const loaded = await fetcherLoad("/unfinished", controller.signal);
      assert.deepEqual(loaded["routes/x"], { saved: true });
      controller.abort();
    });
    assert.deepEqual(errors, []);
  });

  it("still rejects a failed stream's promises for whoever awaits them", async () => {
    const withPromise = await new Response(encode({ later: Promise.resolve("settled") })).text();
    const { body, fail } = failingBody(withPromise.split("\n")[0] + "\n");
    const decoded = await decode(body);
    fail();
    await assert.rejects(decoded.done, { name: "AbortError" });
    await assert.rejects(decoded.value.later, { name: "AbortError" });
  });
});
