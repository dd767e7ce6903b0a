import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";

type OutboxMessage = { to: string; subject: string; text: string; html: string; createdAt: string };

export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return ((await (await request.get("/dev/outbox.json")).json()) as { messages: OutboxMessage[] }).messages;
}

export async function lastMailTo(request: APIRequestContext, to: string) {
  const mail = (await outbox(request)).filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return { ...mail, code: mail.subject.match(/(\d{6})$/)![1], link: mail.text.match(/https?:\/\/\S+/)?.[0] ?? "" };
}

/**
 * Each sign-in comes from its own address, as people do (wrangler dev keeps a CF-Connecting-IP the
 * client sends), so the per-network sign-in limits do not throttle a whole test run.
 */
const ownAddress = () => ({
  "cf-connecting-ip": `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
});

const steady = new WeakSet<APIRequestContext>();

/**
 * The local server (workerd) closes a keep-alive connection after 5 s idle. A test's API call sent at
 * that moment meets a closed socket: "socket hang up (ECONNRESET)", and the server never saw it. A browser
 * retries such a request on a new connection; Playwright's request context does so only when asked
 * (`maxRetries`, which retries ECONNRESET alone). Every request context of the tests asks.
 */
export function retryStaleSockets(request: APIRequestContext) {
  if (steady.has(request)) return request;
  steady.add(request);
  for (const method of ["get", "post", "put", "patch", "delete", "head", "fetch"] as const) {
    const send = request[method].bind(request) as (url: unknown, options?: object) => ReturnType<APIRequestContext["get"]>;
    (request as unknown as Record<string, unknown>)[method] = (url: unknown, options?: object) => send(url, { maxRetries: 2, ...options });
  }
  return request;
}

/** Signs the page's browser context in through the real email-code flow, without clicking through the UI. */
export async function login(page: Page, email: string) {
  const request = retryStaleSockets(page.context().request);
  const headers = ownAddress();
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const start = await request.post("/api/auth/signin/email", { form: { csrfToken, callbackUrl: "/", email }, headers, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const { code } = await lastMailTo(request, email);
  const done = await request.post("/api/auth/callback/email", { form: { csrfToken, code }, headers, maxRedirects: 0 });
  expect(done.status()).toBe(302);
  // A new account's first page offers the welcome step (welcome.spec.ts); the other tests answer it as a person may: Skip.
  if (done.headers()["set-cookie"]?.includes("__welcome=")) {
    const skipped = await request.post("/api/welcome", { data: { skip: true }, headers: { origin: new URL(done.url()).origin } });
    expect(skipped.status()).toBe(200);
  }
}

/** Whether a URL is this JSON API call, made directly or by a React Router fetcher (which adds `.data`). */
export const isApiCall = (url: string, path: string) => new URL(url).pathname.replace(/\.data$/, "").endsWith(path);

/**
 * A failed API answer as a React Router fetcher receives it (single fetch's encoding of the error body), to
 * stand in for the server with `page.route`.
 */
export const fetcherFailure = (status: number, code: string, message: string) => ({
  status,
  contentType: "text/x-script",
  // React Router marks its own answers; an error without the mark is taken for a proxy's and thrown.
  headers: { "X-Remix-Response": "yes" },
  body: JSON.stringify([{ _1: 2 }, "data", { _3: 4 }, "error", { _5: 6, _7: 8 }, "code", code, "message", message]),
});

/** A 1×1 PNG. */
const EMOJI_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/**
 * Waits until React has hydrated the page; a page without the app's scripts (the ban page) has nothing
 * to hydrate. Generous: on a starved machine a page took 28 s to hydrate (the test's own timeout still bounds it).
 */
export const waitForHydration = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true" || !document.querySelector('script[type="module"]'), undefined, {
    timeout: 40_000,
  });

/**
 * `page.goto` waits until React has hydrated, so a click or scroll right after it reaches the app.
 * Every test fails on a console error or an uncaught page error, except for responses the test expects.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  request: async ({ request }, use) => {
    await use(retryStaleSockets(request));
  },
  page: async ({ page }, use) => {
    retryStaleSockets(page.context().request);
    // Custom emoji on the News page come from the chat community's CDN; this machine is offline, so
    // a local picture stands in for it (the page and its CSP are what is tested, not the CDN).
    await page.route("https://cdn.discordapp.com/emojis/**", (route) => route.fulfill({ contentType: "image/png", body: EMOJI_PNG }));
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A request the router cancels (a newer submission or revalidation replaced it) is neither logged
      // nor left as an unhandled rejection (patches to @remix-run/react and turbo-stream, decision 076),
      // so every error counts.
      page.on("console", (m) => {
        // 4xx answers are handled by the pages as messages to the person; a 5xx or a script error is a failure.
        if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A new address for each sign-in, so every test starts with its own account. */
export const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.com`;

/** The chat's messages on screen, oldest first. */
export const messages = (page: Page) => page.getByTestId("chat-message");

/** Types a message into the chat's composer and sends it with Enter. */
export async function send(page: Page, text: string) {
  await page.getByLabel(/^Message /).fill(text);
  await page.getByLabel(/^Message /).press("Enter");
}

/**
 * Screenshots of the page as it is now at a phone's and a desktop's width, to look at
 * (test-results/screens/{name}-390.png and -1280.png); the page gets its own size back after.
 * `focus`, when given, is scrolled into view at each width, so the shot shows what it is about.
 */
export async function screensAt(page: Page, name: string, focus?: Locator) {
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ]) {
    await page.setViewportSize({ width, height });
    // The page settles at its new width first (a chat at the bottom follows its content there).
    await page.waitForTimeout(1000);
    if (focus) await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** Another person's browser, past the 18+ question like the test's own. */
export async function person(browser: Browser, width: number, email: string) {
  const context = await browser.newContext({
    baseURL: "http://127.0.0.1:8788",
    viewport: { width, height: 900 },
    storageState: {
      cookies: [{ name: "reverie_age", value: "adult", domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [],
    },
  });
  const page = await context.newPage();
  await login(page, email);
  return page;
}
