import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { markdownPages } from "./tooling/markdown-pages";

// No Vite dev server: every request must pass through server.ts (ban gate, CSRF, security headers,
// rate limits), which only wrangler runs. `npm start` builds and serves under `wrangler dev`.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [markdownPages(), reactRouter(), tailwindcss()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
  // The browser's chunks: Rollup merges any side-effect-free chunk under 4 KB into one loaded in like
  // cases, so a page preloads a dozen files instead of forty (on a phone's connection each file costs a
  // round trip before the first paint; decision 054). The server build leaves the runtime's own modules
  // (`cloudflare:workers`, which the user's object imports) to the Worker, and stays one file: the
  // browser's lazily loaded modules (decision 074) would otherwise split it, and the Worker's bundler
  // then wraps the pieces in lazy initialisers (27 KB more for every isolate to load).
  build: {
    minify: true,
    // The server build has its map: wrangler chains it into the Worker's, so production's stack traces
    // and `npm run profile` name the app's files (the queue, cron and object code live in this build, decision 058).
    sourcemap: isSsrBuild,
    rollupOptions: isSsrBuild ? { external: [/^cloudflare:/], output: { inlineDynamicImports: true } } : { output: { experimentalMinChunkSize: 4_000 } },
  },
}));
