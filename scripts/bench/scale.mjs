// The scale simulation of issue 23, for npm run bench: SCALE_USERS people (default 2,000), each in
// their own object, each sending SCALE_MESSAGES messages (default 20) one after another, SCALE_PARALLEL
// people at a time (default 50), against the fake model server answering at once. It runs on its own
// server and state folder after the rest of the bench, so nothing else competes. Reports the errors,
// p50/p99 of a send (to its reply's last word), workerd's memory, and what D1 grew by during the sends.
// The people and their sessions are written straight into D1's file before the server starts (the
// session cookie is signed with the local development secret, as the server signs it).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createCookie } from "react-router";
import { startFakeOpenAi } from "../../tests/support/fake-openai.mjs";
import { freshState, root, serveBundle } from "../lib/serve-bundle.mjs";

const DEV_SESSION_SECRET = "reverie-local-development-secret-do-not-use-in-production";

const d1File = (state) => {
  const dir = path.join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  return path.join(
    dir,
    readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
  );
};

/** D1's logical size: its pages in use (the file itself only grows, and its WAL comes and goes). */
function d1Bytes(state) {
  const db = new DatabaseSync(d1File(state), { readOnly: true });
  const pages = db.prepare("PRAGMA page_count").get().page_count;
  const free = db.prepare("PRAGMA freelist_count").get().freelist_count;
  const size = db.prepare("PRAGMA page_size").get().page_size;
  db.close();
  return (pages - free) * size;
}

/** `count` people with a session each; their session cookies. */
async function writePeople(state, count) {
  const db = new DatabaseSync(d1File(state));
  const cookie = createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [DEV_SESSION_SECRET] });
  const addUser = db.prepare("INSERT INTO users (id, email, name, terms_accepted_at, age_confirmed_at) VALUES (?, ?, ?, ?, ?)");
  const addSession = db.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)");
  const cookies = [];
  const now = Date.now();
  db.exec("BEGIN");
  for (let i = 0; i < count; i++) {
    const id = `scale${String(i).padStart(11, "0")}`;
    addUser.run(id, `scale${i}@example.com`, `Scale ${i}`, now, now);
    const token = randomBytes(32).toString("hex");
    addSession.run(createHash("sha256").update(`session:${token}`).digest("hex"), id, now + 86_400_000);
    cookies.push((await cookie.serialize(token)).split(";")[0]);
  }
  db.exec("COMMIT");
  db.close();
  return cookies;
}

/** workerd's resident memory (MiB): the processes of that name under this one. */
function workerdMiB() {
  try {
    const pids = execFileSync("pgrep", ["-f", "workerd"]).toString().trim().split("\n");
    let kib = 0;
    for (const pid of pids) {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(root)) continue;
      kib += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    }
    return kib / 1024;
  } catch {
    return 0;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export async function scaleSimulation({ bundle, state, port, users, messages, parallel }) {
  const base = `http://127.0.0.1:${port}`;
  freshState(state, bundle);
  const cookies = await writePeople(state, users);
  const model = await startFakeOpenAi({ port: port + 7, tokenDelayMs: 0, firstTokenDelayMs: 0 });
  const server = await serveBundle({
    bundle,
    state,
    port,
    vars: { APP_ENV: "development", SERVER_TIMING: "off", TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: `http://127.0.0.1:${port + 7}/v1` },
  });
  try {
    const characters = [
      ...new Set([...(await (await fetch(`${base}/characters`)).text()).matchAll(/href="\/characters\/chat\/([0-9a-z]{16})"/g)].map((m) => m[1])),
    ];
    const before = d1Bytes(state);
    const times = [];
    const errors = [];
    let memory = workerdMiB();
    const sampler = setInterval(() => (memory = Math.max(memory, workerdMiB())), 1000);
    const started = performance.now();
    let next = 0;
    const person = async (n) => {
      const headers = { cookie: cookies[n], origin: base, "content-type": "application/json" };
      const characterId = characters[n % characters.length];
      for (let i = 0; i < messages; i++) {
        const t0 = performance.now();
        try {
          const response = await fetch(`${base}/api/chats/${characterId}/messages`, {
            method: "POST",
            headers,
            body: JSON.stringify({ content: `Message ${i} from person ${n}.` }),
          });
          const text = await response.text();
          if (!response.ok) errors.push(`${response.status} ${text.slice(0, 120)}`);
          else if (text.includes("event: error")) errors.push(`stream error ${text.slice(text.indexOf("event: error"), 200)}`);
          else times.push(performance.now() - t0);
        } catch (error) {
          // undici says only "fetch failed"; its cause tells a reset connection from a timeout.
          const cause = error?.cause;
          errors.push(cause ? `${error} (${cause.code ?? cause.name}: ${cause.message})` : String(error));
        }
      }
    };
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let n = next++; n < users; n = next++) await person(n);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    memory = Math.max(memory, workerdMiB());
    await server.dispose();
    const after = d1Bytes(state);
    times.sort((a, b) => a - b);
    return {
      users,
      messages,
      parallel,
      sends: users * messages,
      seconds,
      errors: errors.length,
      firstErrors: [...new Set(errors)].slice(0, 3),
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      workerdMiB: memory,
      d1Before: before,
      d1After: after,
    };
  } finally {
    await server.dispose().catch(() => {});
    await model.close();
  }
}

// Run alone: node scripts/bench/scale.mjs (after npm run build: it writes its bundle from build/).
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await scaleSimulation({
    bundle: path.join(root, ".wrangler/bench-state/bundle"),
    state: path.join(root, ".wrangler/bench-scale-state"),
    port: 8791,
    users: Number(process.env.SCALE_USERS ?? 2000),
    messages: Number(process.env.SCALE_MESSAGES ?? 20),
    parallel: Number(process.env.SCALE_PARALLEL ?? 50),
  });
  console.log(JSON.stringify(result, null, 2));
}
