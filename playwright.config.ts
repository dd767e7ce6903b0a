import { defineConfig } from "@playwright/test";

const PORT = 8788;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous limits so a slow CI machine does not fail a working page.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      // Debian's Chromium; other machines can point CHROMIUM_PATH at theirs.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    screenshot: "only-on-failure",
    // Browsers arrive having answered the 18+ question; tests of the question itself start without it.
    storageState: {
      cookies: [{ name: "reverie_age", value: "adult", domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [],
    },
  },
  webServer: [
    { command: "node tests/e2e/oauth-server.mjs", url: "http://127.0.0.1:8790/health", reuseExistingServer: false, timeout: 60_000 },
    // Voice calls hear through a speech-to-text server backed by pocketsphinx (issue 63).
    { command: "node tests/support/fake-stt.mjs", env: { PORT: "8792" }, url: "http://127.0.0.1:8792/health", reuseExistingServer: false, timeout: 60_000 },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${PORT}/api/auth/csrf`,
      reuseExistingServer: false,
      // Builds nothing (npm test built first) but migrates, seeds and bundles, retrying a step that lost its
      // connection to workerd; on a starved machine that took over 20 minutes.
      timeout: 1_800_000,
      stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
      stderr: "pipe",
    },
  ],
});
