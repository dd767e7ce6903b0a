// Chat figures for npm run bench: the chat route's JavaScript (gzip) and streaming latency, time to
// first token and total, through our endpoint and straight from the model server, in the same run.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const ROUTE = "routes/characters.chat.$id";

/** The chat route's own JavaScript: its module and the chunks it imports beyond the entry and root. */
export function chatRouteJs(dir = "build/client") {
  const file = readdirSync(`${dir}/assets`).find((f) => /^manifest-.*\.js$/.test(f));
  const manifest = JSON.parse(
    readFileSync(`${dir}/assets/${file}`, "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports, manifest.routes.root.module, ...manifest.routes.root.imports]);
  const route = manifest.routes[ROUTE];
  const own = [route.module, ...route.imports].filter((m) => !shared.has(m));
  const gzip = (paths) => paths.reduce((n, p) => n + gzipSync(readFileSync(`${dir}${p}`)).length, 0);
  return { routeKiB: gzip(own) / 1024, withSharedKiB: gzip([...shared, ...own]) / 1024, files: own.length };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Reads a fetch Response body as SSE, calling `onEvent(event, data)` for each event. */
async function readSse(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block.match(/^data: (.*)$/m)?.[1];
      if (data !== undefined) onEvent(event, data);
    }
  }
}

/** Where the chat's writer ends a sentence (app/lib/safety/sentences.ts): its mark, closing quotes, and the space after it. */
const SENTENCE_END = /[.!?…]+["”’')\]*_]*\s/;

/**
 * One timed stream: ms to the first text, to the end, and (`textOf` reads an event's text) to the end
 * of its first whole sentence: what a reply screened a sentence at a time can show first (issue 59).
 */
export async function timeStream(url, init, isText, textOf = () => "") {
  const started = performance.now();
  let first = null;
  let sentence = null;
  let text = "";
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  await readSse(response, (event, data) => {
    if (first === null && isText(event, data)) first = performance.now() - started;
    text += textOf(event, data);
    if (sentence === null && SENTENCE_END.test(text)) sentence = performance.now() - started;
  });
  return { ttft: first ?? NaN, sentence: sentence ?? performance.now() - started, total: performance.now() - started };
}

/** Median time to first token and total, direct and through POST /api/chats/:id/messages. */
export async function measureStreaming({ base, cookie, characterId, modelBase, runs = 8 }) {
  const direct = [];
  const ours = [];
  for (let i = 0; i < runs; i++) {
    direct.push(
      await timeStream(
        `${modelBase}/chat/completions`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hi" }] }),
        },
        (_e, data) => data !== "[DONE]" && !!JSON.parse(data).choices?.[0]?.delta?.content,
        (_e, data) => (data === "[DONE]" ? "" : (JSON.parse(data).choices?.[0]?.delta?.content ?? "")),
      ),
    );
    ours.push(
      await timeStream(
        `${base}/api/chats/${characterId}/messages`,
        { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ content: `Bench message ${i}` }) },
        (event) => event === "token",
      ),
    );
  }
  const summary = (list) => ({ ttft: median(list.map((r) => r.ttft)), sentence: median(list.map((r) => r.sentence)), total: median(list.map((r) => r.total)) });
  return { direct: summary(direct), ours: summary(ours), runs };
}

/**
 * Every tab in sync (decision 039): a second page's socket on the same chat, and how long after a send
 * starts it hears that the message landed (`changed`), then the reply's text (`progress`), and how long
 * its read of the chat window takes after that (what it then shows).
 */
export async function measureLiveSync({ base, cookie, characterId, runs = 10 }) {
  const { fetch: upgrade } = await import("miniflare");
  const answer = await upgrade(`${base}/api/chats/${characterId}/live`, { headers: { Upgrade: "websocket", cookie, origin: base } });
  const socket = answer.webSocket;
  if (!socket) throw new Error(`the live updates answered ${answer.status}`);
  socket.accept();
  let heard = () => {};
  socket.addEventListener("message", (event) => heard(JSON.parse(String(event.data))));
  const changed = [];
  const progress = [];
  const reads = [];
  const writing = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    let firstChange = NaN;
    let firstProgress = NaN;
    heard = (event) => {
      const at = performance.now() - started;
      if (event.type === "changed" && Number.isNaN(firstChange)) firstChange = at;
      if (event.type === "progress" && Number.isNaN(firstProgress)) firstProgress = at;
    };
    const sent = await fetch(`${base}/api/chats/${characterId}/messages`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ content: `Live bench ${i}` }),
    });
    // The writing tab's first text, from the same send.
    let firstToken = NaN;
    await readSse(sent, (event) => {
      if (event === "token" && Number.isNaN(firstToken)) firstToken = performance.now() - started;
    });
    writing.push(firstToken);
    const read = performance.now();
    // As the page reads it: the latest 20 messages (decision 072).
    await (await fetch(`${base}/api/chats/${characterId}?latest=20`, { headers: { cookie } })).text();
    reads.push(performance.now() - read);
    changed.push(firstChange);
    progress.push(firstProgress);
  }
  socket.close();
  // The second tab's first text against the writing tab's, send by send (issue 61: at most 1.2).
  const ratio = median(progress.map((p, i) => p / writing[i]));
  return { runs, changed: median(changed), progress: median(progress), writing: median(writing), ratio, read: median(reads) };
}
