import http from "node:http";
import { expect, login, test } from "./fixtures";

/**
 * A body too large for its route is answered 413 (or the route's own refusal) to the client that sent
 * it, and the server goes on serving everyone. Before issue 22, the Worker stopped reading half-way:
 * the runtime reset the connection, the client never saw an answer, and `wrangler dev` (then
 * `npm start`) stopped serving anyone.
 */
const BASE = "http://127.0.0.1:8788";
const SEVEN_MB = 7 * 1024 * 1024;

type Answer = { status?: number; body?: string; socketError?: string };

/**
 * POSTs `bytes` of filler with node's http client (chunked unless `length`). Answers the status and
 * body, and any socket error on the way: a server that stops reading resets the connection, which
 * the client sees as an error even when the answer arrived first.
 */
function post(path: string, cookie: string, bytes: number, length: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const answer: Answer = {};
    let pending = 2;
    const settle = () => --pending === 0 && resolve(answer);
    const headers: Record<string, string> = { cookie, origin: BASE, "content-type": "multipart/form-data; boundary=filler" };
    if (length) headers["content-length"] = String(bytes);
    const request = http.request(new URL(path, BASE), { method: "POST", headers }, (response) => {
      let body = "";
      response.on("data", (d) => (body += d));
      response.on("end", () => {
        Object.assign(answer, { status: response.statusCode, body });
        settle();
      });
    });
    request.on("error", (e) => {
      answer.socketError = e.message;
      pending = 1;
      settle();
    });
    request.on("finish", settle);
    const chunk = Buffer.alloc(64 * 1024, 65);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

test("a 7 MB body to every upload route gets its answer, and the server keeps serving", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, "free@example.com");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const created = await page.context().request.post("/api/characters", {
    data: { name: "Upload Target", greeting: "Hello." },
    headers: { origin: BASE },
  });
  const { id } = (await created.json()) as { id: string };
  const routes: [string, number, RegExp][] = [
    ["/api/characters/import", 413, /Character cards can be at most 5 MB/],
    [`/api/characters/${id}/thumbnail`, 413, /Thumbnails can be at most 5 MB/],
    [`/api/characters/${id}/voice`, 413, /Voice samples can be at most 2 MB/],
    // Refused before the body matters: the answer still reaches the client.
    ["/api/mods/announcements/images", 403, /Only moderators/],
  ];
  for (const length of [false, true])
    for (const [path, status, message] of routes) {
      const answer = await post(path, cookie, SEVEN_MB, length);
      expect(answer, `${path} (${length ? "Content-Length" : "chunked"})`).toEqual({ status, body: expect.stringMatching(message) });
      expect((await page.request.get("/faq")).status(), `the server after ${path}`).toBe(200);
    }
});
