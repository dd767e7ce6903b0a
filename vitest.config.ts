import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The offline painter's Worker, which `npm run build` writes to build/painter (the PAINTER binding; decision 055). */
function painterWorker() {
  const dir = fileURLToPath(new URL("./build/painter", import.meta.url));
  if (!existsSync(path.join(dir, "worker.js"))) throw new Error("build/painter is missing: run `npm run build` before the server tests.");
  const wasm = readdirSync(dir).filter((file) => file.endsWith(".wasm"));
  return {
    name: "reverie-painter",
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    modulesRoot: dir,
    modules: [
      { type: "ESModule" as const, path: path.join(dir, "worker.js") },
      ...wasm.map((file) => ({ type: "CompiledWasm" as const, path: path.join(dir, file) })),
    ],
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    plugins: [
      cloudflareTest({
        // The Worker `npm run build` wrote (server.ts and the React Router build, decision 084).
        main: "./build/server/index.js",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          workers: [painterWorker()],
          bindings: {
            APP_ENV: "test",
            TEST_MIGRATIONS: migrations,
            DISCORD_CLIENT_ID: "test-discord-client",
            DISCORD_CLIENT_SECRET: "test-discord-secret",
            PATREON_WEBHOOK_SECRET: "test-webhook-secret",
            // Continue with Patreon goes through the real OAuth flow against tests/support/fake-oauth.mjs.
            PATREON_CLIENT_ID: "e2e-client",
            PATREON_CLIENT_SECRET: "e2e-secret",
            OAUTH_ENDPOINTS: JSON.stringify({
              patreon: {
                authorizationEndpoint: "http://127.0.0.1:8797/oauth2/authorize",
                tokenEndpoint: "http://127.0.0.1:8797/api/oauth2/token",
                userInfoEndpoint: "http://127.0.0.1:8797/api/oauth2/v2/identity",
              },
            }),
            // The speech adapter and its queued job run against tests/support/fake-openai.mjs (global setup).
            SPEECH_PROVIDER: "kokoro",
            SPEECH_API_BASE_URL: "http://127.0.0.1:8795/v1",
            // Recall is hybrid: vectors from the same server's /v1/embeddings (tests/support/fake-embeddings.mjs; decision 089).
            EMBEDDINGS_PROVIDER: "openai",
            EMBEDDINGS_API_BASE_URL: "http://127.0.0.1:8795/v1",
            EMBEDDINGS_MODEL: "fake-embed",
            // Calls hear through tests/support/fake-stt.mjs (pocketsphinx behind OpenAI's transcription protocol).
            STT_PROVIDER: "openai",
            STT_API_BASE_URL: "http://127.0.0.1:8798/v1",
            // Pictures too: the real JOBS consumer calls tests/support/fake-images.mjs as an A1111 server.
            IMAGE_PROVIDER: "a1111",
            IMAGE_API_BASE_URL: "http://127.0.0.1:8796",
          },
        },
      }),
    ],
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["app/**/*.test.ts", "tests/server/**/*.test.ts"],
      setupFiles: ["./tests/server/support/apply-migrations.ts"],
      // Generous limits: a slow CI machine (40x slower some days) must not turn a passing test into a timeout.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      globalSetup: ["./tests/server/support/global-setup.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["react-router", "react", "react-dom", "react-dom/server"],
          },
        },
      },
    },
  };
});
