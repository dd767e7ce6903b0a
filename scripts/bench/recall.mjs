// Recall (issue 62, decision 088): one person's chat of 10,000 and of 100,000 messages, seeded straight
// into their object on a state folder of its own; the object's search for the last turns' words (the
// seeds' Worker calls it, scripts/lib/seed-store.mjs) timed against a trivial read of the same kind
// (the call's own cost), the bytes the index takes per message, and a 5,000-message SillyTavern file
// imported and recalled from at once. Only 127.0.0.1 is contacted.
import { rmSync } from "node:fs";
import { serveBundle } from "../lib/serve-bundle.mjs";
import { ownConnection } from "./chat-files.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const BATCH = 10_000;
const RUNS = 30;

/** A deterministic word list of about 900 made-up words, so each is in about 2% of the messages, as a chat's ordinary words are. */
const WORDS = (() => {
  const onsets = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "br", "dr", "gl", "st"];
  const vowels = ["a", "e", "i", "o", "u"];
  const codas = ["", "n", "r", "l", "s", "th"];
  const words = [];
  for (const o of onsets) for (const v of vowels) for (const c of codas) words.push(`${o}${v}${c}en`);
  return words;
})();

function filler(i) {
  let x = (i * 2654435761) >>> 0;
  const words = [];
  for (let w = 0; w < 14; w++) {
    x = (x * 1103515245 + 12345) >>> 0;
    words.push(WORDS[x % WORDS.length]);
  }
  return `${words.join(" ")}.`;
}

const FACT = "My old terrier was called Biscuit; he hid under the bed whenever thunder came.";
const ASK_WORDS = ["thunder", "tonight", "remember", "old", "terrier"];

async function seedChat(stub, owner, size) {
  const chatId = `benchrecall${size}`.slice(0, 16).padEnd(16, "x");
  const id = (i) => `${chatId}m${i}`;
  const start = Date.UTC(2024, 0, 1);
  const chat = {
    id: chatId,
    characterId: "benchrecallchar1",
    title: "",
    selected: true,
    leafMessageId: id(size - 1),
    characterName: "Bench",
    characterThumbnail: null,
    createdAt: start,
    updatedAt: start,
  };
  for (let from = 0; from < size; from += BATCH) {
    const messages = [];
    for (let i = from; i < Math.min(size, from + BATCH); i++)
      messages.push({
        id: id(i),
        chatId,
        parentId: i ? id(i - 1) : null,
        role: i % 2 ? "user" : "character",
        content: i === 12 ? FACT : filler(i),
        status: "complete",
        createdAt: start + i * 1000,
      });
    await stub.takeRows(owner, { chats: from ? [] : [chat], messages });
  }
  return { chatId, id };
}

/** Hybrid recall's vectors in the bench: 384 dimensions (as all-MiniLM, bge-small, nomic-embed at 384); message 12's points one way, the question's nearly the same. */
const DIMS = 384;
const NEAR = Array.from({ length: DIMS }, (_, i) => ((i * 37) % 255) - 127);
const QUESTION = NEAR.map((v, i) => v + (((i * 53) % 41) - 20));

export async function measureRecall({ bundle, state, sizes = [10_000, 100_000] }) {
  rmSync(state, { recursive: true, force: true });
  // An embeddings server is configured (nothing asks it: the vectors are seeded, the question's is given).
  const vars = { APP_ENV: "development", EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_API_BASE_URL: "http://127.0.0.1:9/v1", EMBEDDINGS_MODEL: "bench-embed" };
  const mf = await serveBundle({ bundle, state, port: 0, seeding: true, vars });
  const results = [];
  try {
    const namespace = await mf.getDurableObjectNamespace("USER_STORE", "reverie");
    for (const size of sizes) {
      const owner = `benchrecall${size}`;
      const stub = namespace.get(namespace.idFromName(owner));
      const seedStarted = performance.now();
      const { chatId, id } = await seedChat(stub, owner, size);
      const seedMs = performance.now() - seedStarted;
      const bytes = await stub.benchIndexBytes();
      const lastId = id(size - 1);
      const ask = { terms: ASK_WORDS, windowStart: id(size - 40) };
      let started = performance.now();
      const first = await stub.benchRecall(owner, chatId, lastId, ask);
      const coldMs = performance.now() - started;
      const recall = [];
      const pins = [];
      for (let run = 0; run < RUNS; run++) {
        started = performance.now();
        await stub.benchRecall(owner, chatId, lastId, ask);
        recall.push(performance.now() - started);
        started = performance.now();
        await stub.benchPins(owner, chatId);
        pins.push(performance.now() - started);
      }
      // Hybrid: every message with a vector; the same search with the question's vector (words and meaning fused).
      const vectorBytes = await stub.benchVectors(owner, chatId, DIMS, id(12), NEAR);
      started = performance.now();
      await stub.benchRecall(owner, chatId, lastId, ask, QUESTION);
      const hybridColdMs = performance.now() - started;
      const byMeaning = await stub.benchRecall(owner, chatId, lastId, { terms: [], windowStart: ask.windowStart }, QUESTION);
      const hybrid = [];
      for (let run = 0; run < RUNS; run++) {
        started = performance.now();
        await stub.benchRecall(owner, chatId, lastId, ask, QUESTION);
        hybrid.push(performance.now() - started);
      }
      results.push({
        size,
        hybridMs: median(hybrid) - median(pins),
        hybridColdMs,
        foundByMeaning: byMeaning[0] === id(12),
        vectorPerMessage: vectorBytes / size,
        seedMs,
        found: first[0] === id(12),
        coldMs,
        recallMs: median(recall),
        callMs: median(pins),
        addedMs: median(recall) - median(pins),
        indexPerMessage: bytes.index / bytes.messages,
        textPerMessage: bytes.text / bytes.messages,
        databasePerMessage: bytes.database / bytes.messages,
      });
    }
  } finally {
    await mf.dispose();
  }
  return results;
}

/** A SillyTavern file of `messages` lines whose 12th says the fact. */
function sillyTavernFile(messages) {
  const lines = [{ user_name: "You", character_name: "Bench" }];
  for (let i = 1; i <= messages; i++) lines.push({ name: i % 2 ? "Bench" : "You", is_user: i % 2 === 0, mes: i === 12 ? FACT : filler(i) });
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

/**
 * A 5,000-message SillyTavern file imported through POST /api/chats/:id/import, then at once a send
 * about its 12th message, against the model server: the time from the import's start to a reply whose
 * record names the 12th message as recalled (the index is written by the import itself).
 */
export async function measureImportToRecall({ base, cookie, characterId, messages = 5000 }) {
  const headers = { cookie, origin: base };
  const started = performance.now();
  const imported = await fetch(`${base}/api/chats/${characterId}/import`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/jsonl", ...ownConnection },
    body: sillyTavernFile(messages),
  });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  await imported.json();
  const importMs = performance.now() - started;
  const sent = await fetch(`${base}/api/chats/${characterId}/messages`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ content: "Thunder again tonight. Do you remember my old terrier?" }),
  });
  await sent.text();
  const recallableMs = performance.now() - started;
  const chat = await (await fetch(`${base}/api/chats/${characterId}?latest=2`, { headers })).json();
  const twelfth = (await (await fetch(`${base}/api/chats/${characterId}?latest=all`, { headers })).json()).messages[11];
  const recalled = chat.messages.at(-1)?.memory?.recalled ?? [];
  return { messages, importMs, recallableMs, recalled: recalled.includes(twelfth?.id) };
}
