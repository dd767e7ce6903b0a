import type { Config } from "@react-router/dev/config";

// Server rendering on Workers: server.ts hands each request to the server build, which Cloudflare's
// Vite plugin builds into the Worker (vite.config.ts; decision 084).
export default {
  ssr: true,
  // The whole route manifest as one immutable, cached script (about 5 KB gzip), instead of a partial
  // manifest inline in every page and a /__manifest request to the Worker for the links each page
  // shows (decision 097).
  routeDiscovery: { mode: "initial" },
  future: { v8_viteEnvironmentApi: true },
} satisfies Config;
