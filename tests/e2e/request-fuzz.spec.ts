import http from "node:http";
import { CASES, type Fixtures } from "../server/routes/authorization/cases";
import { expect, login, test } from "./fixtures";

/**
 * Issue 58: bad input never becomes a 500. Every route of the authorization matrix is called, as a
 * guest and as a signed-in person, with what a careless or hostile client sends: a body on a GET, the
 * wrong content type, an empty body, a 1 MB JSON body, bytes that are not UTF-8, a huge query string
 * and repeated parameters. Every answer is below 500, and the server still answers afterwards. Sent
 * with node's http client, which (unlike fetch) can put a body on a GET.
 */
const BASE = "http://127.0.0.1:8788";

/** Ids that name nothing, in the shapes the routes expect. */
const NOBODY: Fixtures = {
  publicCharacter: "fuzzcharacter001",
  privateCharacter: "fuzzcharacter002",
  ownerId: "fuzzowner0000001",
  ownerPersona: "fuzzpersona00001",
  ownerMessage: "fuzzmessage00001",
  ownerJob: "fuzzjob000000001",
  ownerImage: "fuzzimage0000001",
  ownerStory: "fuzzstory0000001",
  ownerPin: "fuzzpin000000001",
  ownerGroup: "fuzzgroup0000001",
  ownerReport: "fuzzreport000001",
  ownerScreenEvent: "fuzzscreen000001",
  ownerReview: "fuzzreview000001",
  shortCode: "fuzz01",
  otherModerator: "fuzzmoderator001",
  mediaKey: "thumbnails/fuzz.png",
  png: new Uint8Array(8) as Uint8Array<ArrayBuffer>,
};

type Sent = { method: string; path: string; headers?: Record<string, string>; body?: Buffer };

function send({ method, path, headers = {}, body }: Sent, cookie: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const all: Record<string, string> = { origin: BASE, accept: "application/json", ...headers, ...(cookie ? { cookie } : {}) };
    if (body) all["content-length"] = String(body.byteLength);
    const request = http.request(new URL(path, BASE), { method, headers: all }, (response) => {
      let text = "";
      response.on("data", (d) => (text += d));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", (error) => reject(new Error(`${method} ${path.slice(0, 80)}: ${error.message}`)));
    request.end(body);
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const MEGABYTE_JSON = json({ content: "x".repeat(1024 * 1024) });
const NOT_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
const HUGE_QUERY = `q=${"a".repeat(12_000)}`;
const REPEATED = "page=1&page=2&tag=Female&tag=Male&id=a&id=b&sort=new&sort=&limit=-1&limit=99999";

/** The hostile variants of one call. */
function variants(method: string, path: string): Sent[] {
  const join = (query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;
  const write = method === "GET" ? "POST" : method;
  return [
    { method: "GET", path, headers: { "content-type": "application/json" }, body: json({ a: 1 }) },
    { method: "HEAD", path, body: Buffer.from("x") },
    { method: write, path, headers: { "content-type": "text/plain" }, body: json({ content: "hello" }) },
    { method: write, path, headers: { "content-type": "application/json" } },
    { method: write, path, headers: { "content-type": "application/json" }, body: Buffer.alloc(0) },
    { method: write, path, headers: { "content-type": "application/json" }, body: MEGABYTE_JSON },
    { method: write, path, headers: { "content-type": "application/json" }, body: NOT_UTF8 },
    { method: write, path, headers: { "content-type": "multipart/form-data; boundary=x" }, body: Buffer.from("--x\r\nnonsense") },
    { method: "GET", path: join(HUGE_QUERY) },
    { method: "GET", path: join(REPEATED) },
    { method, path: join(REPEATED) },
  ];
}

/** Every distinct method and path of the matrix, with ids that name nothing. */
const calls = [
  ...new Map(
    Object.values(CASES)
      .flat()
      .map((call) => {
        const method = call.method ?? "GET";
        const path = call.path(NOBODY);
        return [`${method} ${path}`, { method, path }] as const;
      }),
  ).values(),
];

for (const who of ["guest", "signed-in"] as const) {
  test(`no route answers 5xx to malformed requests (${who})`, async ({ page }) => {
    test.setTimeout(600_000);
    let cookie = "";
    if (who === "signed-in") {
      await login(page, "fuzz@example.com");
      cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    }
    const fives: string[] = [];
    for (const { method, path } of calls) {
      // Signing out would leave the rest of the run a guest's.
      if (who === "signed-in" && (path.startsWith("/api/auth/signout") || path === "/signout")) continue;
      for (const sent of variants(method, path)) {
        const { status, text } = await send(sent, cookie);
        if (status >= 500) fives.push(`${sent.method} ${sent.path.slice(0, 80)} [${sent.headers?.["content-type"] ?? "-"}] → ${status} ${text.slice(0, 120)}`);
        // A body on a GET or HEAD is refused as such, in the one error shape.
        if (sent.body?.byteLength && (sent.method === "GET" || sent.method === "HEAD")) expect(status, `${sent.method} ${sent.path}`).toBe(400);
      }
    }
    expect(fives).toEqual([]);
    const alive = await send({ method: "GET", path: "/api/auth/csrf" }, cookie);
    expect(alive.status).toBe(200);
  });
}

test("a GET with a body answers 400 in the API's error shape", async () => {
  const answer = await send({ method: "GET", path: "/api/me", headers: { "content-type": "application/json" }, body: json({}) }, "");
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.text)).toEqual({
    error: { code: "bad_request", message: "A GET or HEAD request cannot carry a body. Send the data as query parameters, or use POST." },
  });
});
