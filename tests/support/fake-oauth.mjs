// A local OAuth 2.0 provider speaking Discord's protocol (authorize, token with PKCE, users/@me) and
// Patreon's identity call (/api/oauth2/v2/identity), so tests sign in through the real
// remix-auth-oauth2 flow. The person signing in is the default profile, or the one the authorize
// request names with `as_id`, `as_email` and `as_verified` (a test follows the app's redirect and
// adds them, as a person would pick their account on the provider's page). Binds 127.0.0.1 only.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

export const CLIENT_ID = "e2e-client";
export const CLIENT_SECRET = "e2e-secret";
const DEFAULT_PERSON = { id: "424242", email: "oauth-user@example.com", verified: true, name: "OAuth Fan" };

const b64url = (buf) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const json = (res, status, body) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const readBody = (req) =>
  new Promise((resolve) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
  });

const discordProfile = (p) => ({
  id: p.id,
  username: p.name.toLowerCase().replace(/\W/g, ""),
  global_name: p.name,
  email: p.email,
  verified: p.verified,
  avatar: null,
});
const patreonProfile = (p) => ({
  data: { id: p.id, type: "user", attributes: { email: p.email, full_name: p.name, image_url: null, is_email_verified: p.verified } },
});

/** Starts the provider on 127.0.0.1:`port`; answers `{ close }`. */
export function startFakeOAuth({ port }) {
  const codes = new Map();
  const tokens = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, `http://127.0.0.1:${port}`);
    if (req.method === "GET" && url.pathname === "/oauth2/authorize") {
      const p = url.searchParams;
      if (p.get("client_id") !== CLIENT_ID || p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256")
        return json(res, 400, { error: "invalid_request" });
      const person = {
        id: p.get("as_id") ?? DEFAULT_PERSON.id,
        email: p.get("as_email") ?? DEFAULT_PERSON.email,
        verified: p.has("as_verified") ? p.get("as_verified") === "true" : DEFAULT_PERSON.verified,
        name: p.get("as_name") ?? DEFAULT_PERSON.name,
      };
      const code = b64url(randomBytes(16));
      codes.set(code, { challenge: p.get("code_challenge"), redirectUri: p.get("redirect_uri"), person });
      const back = new URL(p.get("redirect_uri"));
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state"));
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/api/oauth2/token") {
      const form = new URLSearchParams(await readBody(req));
      const basic = (req.headers.authorization ?? "").replace(/^Basic /, "");
      const [id, secret] = Buffer.from(basic, "base64").toString().split(":");
      const clientOk = (id === CLIENT_ID && secret === CLIENT_SECRET) || (form.get("client_id") === CLIENT_ID && form.get("client_secret") === CLIENT_SECRET);
      const grant = codes.get(form.get("code"));
      codes.delete(form.get("code"));
      if (!clientOk) return json(res, 401, { error: "invalid_client" });
      if (!grant || grant.redirectUri !== form.get("redirect_uri")) return json(res, 400, { error: "invalid_grant" });
      const challenge = b64url(
        createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest(),
      );
      if (challenge !== grant.challenge) return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      const token = b64url(randomBytes(24));
      tokens.set(token, grant.person);
      return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "identify email" });
    }
    const person = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    if (req.method === "GET" && url.pathname === "/api/users/@me")
      return person ? json(res, 200, discordProfile(person)) : json(res, 401, { message: "401: Unauthorized" });
    if (req.method === "GET" && url.pathname === "/api/oauth2/v2/identity")
      return person ? json(res, 200, patreonProfile(person)) : json(res, 401, { errors: [] });
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    json(res, 404, { error: "not_found" });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ close: () => new Promise((done) => server.close(() => done())) })));
}
