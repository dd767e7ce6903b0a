// A local OAuth 2.0 provider speaking Discord's protocol (authorize, token with PKCE, users/@me),
// so the browser tests sign in through the real remix-auth-oauth2 flow. Binds 127.0.0.1 only.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const PORT = Number(process.env.OAUTH_PORT ?? 8790);
const CLIENT_ID = "e2e-client";
const CLIENT_SECRET = "e2e-secret";
const PROFILE = { id: "424242", username: "oauthfan", global_name: "OAuth Fan", email: "oauth-user@example.com", verified: true, avatar: null };
const codes = new Map();
const tokens = new Set();

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

createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${PORT}`);
  if (req.method === "GET" && url.pathname === "/oauth2/authorize") {
    const p = url.searchParams;
    if (p.get("client_id") !== CLIENT_ID || p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256")
      return json(res, 400, { error: "invalid_request" });
    const code = b64url(randomBytes(16));
    codes.set(code, { challenge: p.get("code_challenge"), redirectUri: p.get("redirect_uri") });
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
    tokens.add(token);
    return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "identify email" });
  }
  if (req.method === "GET" && url.pathname === "/api/users/@me") {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!tokens.has(token)) return json(res, 401, { message: "401: Unauthorized" });
    return json(res, 200, PROFILE);
  }
  if (url.pathname === "/health") return json(res, 200, { ok: true });
  json(res, 404, { error: "not_found" });
}).listen(PORT, "127.0.0.1", () => console.log(`oauth test server on 127.0.0.1:${PORT}`));
