// Signs a demo user in through the email-code flow, as a browser would, and returns its Cookie header.
// Used by npm run bench and npm run profile; only 127.0.0.1 is contacted.
export async function signedInCookie(base, email) {
  const jar = new Map();
  const keep = (r) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return r;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const { csrfToken } = await keep(await fetch(`${base}/api/auth/csrf`)).json();
  const form = (fields) => ({
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  keep(await fetch(`${base}/api/auth/signin/email`, form({ csrfToken, email, callbackUrl: "/" })));
  const { messages } = await (await fetch(`${base}/dev/outbox.json`)).json();
  const code = messages
    .filter((m) => m.to === email)
    .at(-1)
    .subject.match(/(\d{6})$/)[1];
  keep(await fetch(`${base}/api/auth/callback/email`, form({ csrfToken, code })));
  jar.delete("__flash");
  return cookie();
}

/** The signed-in pages issue 15 measures (the long chat is seeded for gold@example.com by scripts/bench-seed.mjs). */
export const SIGNED_IN_PAGES = [
  { path: "/", label: "/" },
  { path: "/characters?tag=Female&page=1", label: "/characters?tag=Female&page=1" },
  { path: "/characters?tag=Female&page=50", label: "/characters?tag=Female&page=50" },
  // Issue 64: Trending and Following within the catalog's budgets.
  { path: "/characters?sort=trending", label: "/characters?sort=trending" },
  { path: "/characters?sort=trending-week&tag=Female&page=20", label: "/characters?sort=trending-week&tag=Female&page=20" },
  { path: "/characters/following", label: "/characters/following" },
  { path: "/characters/chat/benchlongchat000", label: "chat, 200 messages" },
  { path: "/faq", label: "/faq" },
  { path: "/api/me", label: "GET /api/me", accept: "application/json" },
];

/** Guests' pages: the Worker answers them from its page cache after the first request (issue 28: at most 1 ms of CPU). */
export const GUEST_PAGES = ["/", "/characters?tag=Female&page=1", "/characters?tag=Female&page=50", "/faq"];
