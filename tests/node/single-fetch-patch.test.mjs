// The patch to @remix-run/react (patches/, decision 076) is applied by `npm install`: when the router
// cancels a request whose answer is still arriving (a newer submission or revalidation replaced it),
// single fetch no longer logs the cancelled body read as a console error. A body that cannot be
// decoded is still logged. This runs the module the browser bundle is built from (dist/esm).
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import { getSingleFetchDataStrategy } from "@remix-run/react/dist/esm/single-fetch.js";

let server;
let origin;
const realFetch = globalThis.fetch;
const realConsoleError = console.error;

before(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/x-script" });
    // The stalled answer sends its headers and then nothing, like a slow loader.
    if (request.url.startsWith("/stalled.data")) response.flushHeaders();
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

/** Records what single fetch logs as an error while `run` runs. */
async function logged(run) {
  const errors = [];
  console.error = (...args) => errors.push(args);
  try {
    await run();
  } finally {
    console.error = realConsoleError;
  }
  return errors;
}

describe("the single fetch patch", () => {
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
});
