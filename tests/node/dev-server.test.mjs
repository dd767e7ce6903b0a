// `npm run dev` (React Router's Vite dev server with Cloudflare's plugin; decision 084) serves the real
// Worker, gates and all, and an edit to the app shows on the next request without a restart.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PORT = 5179;
const origin = `http://127.0.0.1:${PORT}`;
const route = path.join(root, "app/routes/robots[.]txt.tsx");
const original = readFileSync(route, "utf8");
let server;

/** Asks until the server answers (Vite and workerd start in a few seconds; a starved machine takes longer). */
async function get(pathname, { timeoutMs = 120_000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(origin + pathname);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Asks until the answer's text passes `check`, and answers that text. */
async function textUntil(pathname, check, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = await (await get(pathname)).text();
    if (check(text) || Date.now() > until) return text;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

before(() => {
  server = spawn("npx", ["react-router", "dev", "--host", "127.0.0.1", "--port", String(PORT), "--strictPort"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
  });
});

after(() => {
  writeFileSync(route, original);
  // The dev server, Vite's workers and workerd share its process group.
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
});

describe("npm run dev", { timeout: 300_000 }, () => {
  it("serves pages through the Worker's gates", async () => {
    const answer = await get("/api/me");
    assert.equal(answer.status, 401);
    assert.match(answer.headers.get("x-content-type-options") ?? "", /nosniff/);
  });

  it("shows an edit to a route on the next request, without a restart", async () => {
    assert.doesNotMatch(await (await get("/robots.txt")).text(), /Disallow: \/hot-reload-check/);
    const marker = `/hot-reload-check-${Date.now()}`;
    writeFileSync(route, original.replace('"Disallow: /dev/",', `"Disallow: /dev/",\n    "Disallow: ${marker}",`));
    const text = await textUntil("/robots.txt", (body) => body.includes(marker));
    assert.match(text, new RegExp(`Disallow: ${marker}`));
    writeFileSync(route, original);
    assert.doesNotMatch(await textUntil("/robots.txt", (body) => !body.includes(marker)), new RegExp(marker));
  });
});
