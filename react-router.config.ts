import type { Config } from "@react-router/dev/config";

// Server rendering on Workers: server.ts hands each request to the server build, which Cloudflare's
// Vite plugin builds into the Worker (vite.config.ts; decision 084).
export default {
  ssr: true,
  future: { v8_viteEnvironmentApi: true },
} satisfies Config;
