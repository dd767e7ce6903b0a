import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { markdownPages } from "./tooling/markdown-pages";
import { shellChunks } from "./tooling/shell-chunks";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The Worker's build takes `worker/react-dom.ts` for `react-dom` and react-dom's streaming server
 * renderer for `react-dom/server` (decision 058): a server render never runs the browser renderer or
 * the legacy string renderer, so no cold start should load them. The browser build and `npm run dev`
 * keep React's own files.
 */
function workerReactDom(): Plugin {
  const files: Record<string, string> = {
    "react-dom": here("./worker/react-dom.ts"),
    "react-dom/server": here("./node_modules/react-dom/cjs/react-dom-server.browser.production.min.js"),
  };
  return {
    name: "reverie:worker-react-dom",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId: (id) => files[id] ?? null,
  };
}

/**
 * React Router's production build for `npm run build`. Its package exports name only its development
 * build (remix-run/react-router#14102, open: a temporary measure of #12437 for its dev server), which
 * checks and warns on every request; the production build beside it in the package is the same code
 * without that. `npm run dev` keeps the development build.
 */
function reactRouterProduction(): Plugin {
  const files: Record<string, string> = {
    "react-router": here("./node_modules/react-router/dist/production/index.mjs"),
    "react-router/dom": here("./node_modules/react-router/dist/production/dom-export.mjs"),
  };
  return { name: "reverie:react-router-production", enforce: "pre", apply: "build", resolveId: (id) => files[id] ?? null };
}

// `npm run dev` runs server.ts (every gate: ban, CSRF, security headers, limits) with its Durable
// Object, D1, R2 and Queues in workerd through Cloudflare's Vite plugin, with hot reload; `npm run
// build` writes the same Worker for `npm start`, the tests and deployment (decision 084).
export default defineConfig(({ command }) => ({
  plugins: [
    markdownPages(),
    workerReactDom(),
    reactRouterProduction(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // The dev server is development mode (the demo sign-in outbox, no production secrets needed);
      // .dev.vars sets the rest, as for `npm start`.
      config: command === "serve" ? (worker) => ({ vars: { ...worker.vars, APP_ENV: "development" } }) : undefined,
      // The offline painter is a Worker of its own (decision 055, built by scripts/build-painter.mjs);
      // the dev server runs it beside the app.
      auxiliaryWorkers: [{ configPath: "./painter/wrangler.toml", devOnly: true }],
    }),
    reactRouter(),
    tailwindcss(),
  ],
  resolve: { alias: { "~": here("./app") } },
  // `npm run dev` listens on this machine only.
  server: { host: "127.0.0.1" },
  // Vite's CSS step reads the top-level setting when it rewrites a server chunk: without it the Worker's
  // map comes out empty. Each environment says for itself below.
  build: { sourcemap: true },
  // The dev server's browser modules: found up front, so a page opened for the first time is not
  // reloaded halfway by Vite finding one more dependency.
  optimizeDeps: {
    include: [
      "@radix-ui/react-avatar",
      "@radix-ui/react-dialog",
      "@radix-ui/react-dropdown-menu",
      "@radix-ui/react-popover",
      "@radix-ui/react-tabs",
      "@radix-ui/react-toast",
      "cookie",
      "eventsource-parser",
      "lucide-react",
      "react-markdown",
      "react-swipeable",
      "react-textarea-autosize",
      "rehype-slug",
      "remark-gfm",
      "use-stick-to-bottom",
      "zod",
    ],
  },
  environments: {
    // The browser's chunks: what the root loads on every page goes in two files (decision 099), and
    // Rollup merges any other side-effect-free chunk under 4 KB into one loaded in like cases, so a page
    // preloads a dozen files instead of forty (on a phone's connection each file costs a round trip
    // before the first paint; decision 054).
    client: {
      build: { minify: true, sourcemap: false, rollupOptions: { output: { manualChunks: shellChunks(), experimentalMinChunkSize: 4_000 } } },
    },
    // The Worker stays one file: the browser's lazily loaded modules (decision 074) would otherwise split
    // it. Its source map goes up with it, so production's stack traces and `npm run profile` name our files.
    ssr: { build: { minify: true, sourcemap: true, rollupOptions: { output: { inlineDynamicImports: true } } } },
  },
}));
