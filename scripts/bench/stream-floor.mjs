// The floor under the bench's time-to-first-token figure (decision 073): the same model server,
// reached through Miniflare by Workers that do nothing of their own. "forwards" passes the request
// to the model server and streams its answer back; "the shape of a send" first makes one D1 call
// (the session) and then asks a Durable Object (the person's object), which makes the model request
// and streams it back, as our send does. What our endpoint adds beyond the second is its own work.
// Only 127.0.0.1 is contacted.
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { median, timeStream } from "./chat.mjs";

const PORT = 8798;

const SCRIPT = `import { DurableObject } from "cloudflare:workers";
const ask = (model, body) => fetch(model + "/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body });
const stream = (answer) => new Response(answer.body, { headers: { "content-type": "text/event-stream" } });
export class Person extends DurableObject {
  async reply(model, body) {
    return (await ask(model, body)).body;
  }
}
export default {
  async fetch(request, env) {
    const body = await request.text();
    if (new URL(request.url).pathname === "/forward") return stream(await ask(env.MODEL, body));
    const row = await env.DB.prepare("SELECT 1 AS one").first();
    const person = env.PERSON.get(env.PERSON.idFromName(String(row.one)));
    return new Response(await person.reply(env.MODEL, body), { headers: { "content-type": "text/event-stream" } });
  },
};`;

/** Median first token through each floor Worker, in ms, beside the model server's own in the same runs. */
export async function measureStreamFloor({ modelBase, compatibilityDate, runs = 15 }) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: PORT,
      cf: false,
      workers: [
        {
          name: "stream-floor",
          modules: true,
          script: SCRIPT,
          compatibilityDate,
          d1Databases: ["DB"],
          durableObjects: { PERSON: { className: "Person", useSQLite: true } },
          bindings: { MODEL: modelBase },
        },
      ],
    }),
  );
  try {
    const base = (await mf.ready).href;
    const body = JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hi" }] });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    const isText = (_e, data) => data !== "[DONE]" && !!JSON.parse(data).choices?.[0]?.delta?.content;
    const figures = { direct: [], forwards: [], send: [] };
    for (let i = 0; i < runs + 3; i++) {
      const direct = await timeStream(`${modelBase}/chat/completions`, init, isText);
      const forwards = await timeStream(`${base}forward`, init, isText);
      const send = await timeStream(`${base}send`, init, isText);
      if (i < 3) continue; // warm-up
      figures.direct.push(direct.ttft);
      figures.forwards.push(forwards.ttft);
      figures.send.push(send.ttft);
    }
    return { runs, direct: median(figures.direct), forwards: median(figures.forwards), send: median(figures.send) };
  } finally {
    await mf.dispose();
  }
}
