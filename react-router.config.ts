import type { Config } from "@react-router/dev/config";

// Server rendering on Workers (server.ts hands each request to the server build).
export default {
  ssr: true,
} satisfies Config;
