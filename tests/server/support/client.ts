import { env, exports } from "cloudflare:workers";

const ORIGIN = "http://127.0.0.1";

/** An address in 10.0.0.0/8, so each client has its own per-network rate limits (as on Cloudflare). */
const randomIp = () => ["10", ...[0, 0, 0].map(() => String(Math.floor(Math.random() * 256)))].join(".");

/** A tiny browser: keeps cookies between requests and never follows redirects. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly ip = randomIp()) {}

  async fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", this.ip);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response: Response = await (exports as any).default.fetch(new Request(new URL(path, ORIGIN), { ...init, headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs]: string[] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async csrf(): Promise<string> {
    const response = await this.fetch("/api/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return await this.fetch(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  async postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return await this.fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: ORIGIN, ...headers } });
  }
}

export async function lastMail(to: string) {
  const row = await env.DB.prepare('SELECT subject, text FROM dev_mails WHERE "to" = ? ORDER BY created_at DESC LIMIT 1')
    .bind(to)
    .first<{ subject: string; text: string }>();
  if (!row) throw new Error(`no mail to ${to}`);
  return { ...row, code: row.subject.match(/(\d{6})$/)![1], link: row.text.match(/https?:\/\/\S+/)?.[0] ?? "" };
}

/** Signs a client in through the real email flow (form, mail, code). */
export async function signInByEmail(client: Client, email: string, callbackUrl = "/") {
  const csrfToken = await client.csrf();
  const start = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl, email });
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}`);
  const { code } = await lastMail(email);
  return await client.postForm("/api/auth/callback/email", { csrfToken, code });
}

/**
 * Signs a client in with an OAuth provider served by tests/support/fake-oauth.mjs, as `person` (the
 * provider's account: its id, email and whether the provider verified that email). Answers the
 * callback's response (a redirect to where the sign-in returns, or to the error page).
 */
export async function signInWithOAuth(client: Client, provider: string, person: { id: string; email: string; verified: boolean }) {
  const csrfToken = await client.csrf();
  const start = await client.postForm(`/api/auth/signin/${provider}`, { csrfToken, callbackUrl: "/" });
  const authorize = new URL(start.headers.get("location")!);
  authorize.searchParams.set("as_id", person.id);
  authorize.searchParams.set("as_email", person.email);
  authorize.searchParams.set("as_verified", String(person.verified));
  const back = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  return await client.fetch(callback.pathname + callback.search);
}

export async function putJson(client: Client, path: string, body: unknown, method = "PUT") {
  return await client.fetch(path, { method, body: JSON.stringify(body), headers: { "content-type": "application/json", origin: ORIGIN } });
}

export async function me(client: Client) {
  return ((await (await client.fetch("/api/me")).json()) as { user: any }).user;
}

export const meId = async (client: Client) => (await me(client)).id as string;

/** A client signed in as `email` through the email-code flow. */
export async function signedIn(email: string) {
  const client = new Client();
  await signInByEmail(client, email);
  return client;
}

/** Polls GET /api/status/:id as the browser does, until the real JOBS consumer has ended the job; `onWay` checks each answer before that. */
export async function jobEnded(client: Client, jobId: string, onWay: (status: any) => Promise<void> = async () => {}) {
  for (let i = 0; i < 300; i++) {
    const status = (await (await client.fetch(`/api/status/${jobId}`)).json()) as any;
    if (status.status === "completed" || status.status === "error") return status;
    await onWay(status);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not end in 30 s`);
}

/**
 * Rate limits count in windows aligned to the clock (Workers' rate limiting and our D1 windows alike):
 * a test that counts up to a limit starts clear of a window's end, so its calls all land in one window.
 */
export async function clearOfWindowEnd(windowMs = 60_000, marginMs = 8_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}
