// The patch to miniflare (patches/, decision 066) is applied by `npm install`: the workerd config
// Miniflare writes on every start grows its buffer by doubling, instead of copying everything written
// so far for each 4 KiB it adds. Unpatched, a config holding a Worker of a few megabytes was copied
// whole again and again (cloudflare/workers-sdk#15271): about 100 ms on every start of the app, the
// tests and the bench's cold start.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serializeConfig } from "miniflare";

/** Bytes of ArrayBuffer allocated while `run` runs. */
function allocatedDuring(run) {
  const Original = globalThis.ArrayBuffer;
  let bytes = 0;
  globalThis.ArrayBuffer = new Proxy(Original, {
    construct(target, args) {
      bytes += Number(args[0] ?? 0);
      return new target(...args);
    },
  });
  try {
    return { result: run(), bytes };
  } finally {
    globalThis.ArrayBuffer = Original;
  }
}

describe("the Miniflare config patch", () => {
  it("writes a config with a large Worker and many bindings without copying it over and over", () => {
    const script = `export default { fetch() { return new Response(${JSON.stringify("x".repeat(3_000_000))}); } };`;
    const bindings = Array.from({ length: 500 }, (_, i) => ({ name: `VAR_${i}`, text: `value ${i}`.repeat(20) }));
    const config = {
      services: [{ name: "app", worker: { modules: [{ name: "server.js", esModule: script }], compatibilityDate: "2025-09-01", bindings } }],
      sockets: [{ name: "http", address: "127.0.0.1:0", service: { name: "app" }, http: {} }],
    };
    const { result, bytes } = allocatedDuring(() => serializeConfig(config));
    // The whole config is there: the module's text and the last binding.
    const text = Buffer.from(result).toString("latin1");
    assert.ok(result.byteLength > script.length);
    assert.ok(text.includes("x".repeat(1000)));
    assert.ok(text.includes("VAR_499"));
    // Doubling allocates about four times the result; the unpatched arena, about 25 times here.
    assert.ok(bytes < 8 * result.byteLength, `allocated ${bytes} bytes for a ${result.byteLength}-byte config`);
  });
});
