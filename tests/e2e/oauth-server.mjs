// The local OAuth provider of the browser tests (tests/support/fake-oauth.mjs), as a process Playwright starts.
import { startFakeOAuth } from "../support/fake-oauth.mjs";

const PORT = Number(process.env.OAUTH_PORT ?? 8790);
await startFakeOAuth({ port: PORT });
console.log(`oauth test server on 127.0.0.1:${PORT}`);
