// Chat files (issue 25, decision 046): a SillyTavern chat of `messages` lines imported through
// POST /api/chats/:id/import and exported again through GET …/export.jsonl, timed, and the export
// compared with the file line by line. Only 127.0.0.1 is contacted.
import { isDeepStrictEqual } from "node:util";

/** A SillyTavern file as its current version writes one: every tenth reply has three swipes; some CJK and emoji. */
function sillyTavernFile(messages) {
  const start = Date.UTC(2024, 0, 1);
  const lines = [{ user_name: "You", character_name: "Bench", create_date: "2024-01-01@00h00m00s", chat_metadata: { integrity: "bench" } }];
  for (let i = 0; i < messages; i++) {
    const isUser = i % 2 === 1;
    const send_date = new Date(start + i * 60_000).toISOString();
    const mes = isUser
      ? `I walk on along the shore, line ${i}, and ask about the lamp 🌊.`
      : `*The keeper trims the wick.* "Line ${i}: the tide turns at dusk, 夕方に. Stay close to the light and mind the rocks by the old pier."`;
    const line = { name: isUser ? "You" : "Bench", is_user: isUser, is_system: false, send_date, mes, extra: {} };
    if (!isUser && i % 20 === 0)
      Object.assign(line, {
        swipes: [mes, `${mes} (another)`, `${mes} (a third)`],
        swipe_id: 0,
        swipe_info: [0, 1, 2].map((k) => ({ send_date, extra: { k } })),
      });
    lines.push(line);
  }
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The headers of an import, which goes over a connection of its own. workerd closes a connection after
 * a request that ran for seconds of CPU (here a Worker that spins 4 s kept it, one that spins 6 s
 * closed it), and the next request sent on it failed with "other side closed" (the full bench stopped
 * so once, in its pages). In production the connection ends at Cloudflare's edge, not at the Worker.
 */
export const ownConnection = { connection: "close" };

export async function measureChatFiles({ base, cookie, characterId, messages = 5000, runs = 3 }) {
  const file = sillyTavernFile(messages);
  const expected = file.split("\n").slice(1);
  const imports = [];
  const exports = [];
  let matches = true;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/chats/${characterId}/import`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/jsonl", ...ownConnection },
      body: file,
    });
    if (response.status !== 201) throw new Error(`import answered ${response.status}: ${await response.text()}`);
    await response.json();
    imports.push(performance.now() - started);
    const exportStarted = performance.now();
    const exported = await (await fetch(`${base}/api/chats/${characterId}/export.jsonl`, { headers: { cookie } })).text();
    exports.push(performance.now() - exportStarted);
    const lines = exported.trim().split("\n").slice(1);
    matches &&= lines.length === expected.length && lines.every((l, i) => isDeepStrictEqual(JSON.parse(l), JSON.parse(expected[i])));
  }
  return { messages, bytes: file.length, runs, importMs: median(imports), exportMs: median(exports), matches };
}
