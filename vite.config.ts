import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
  build: { minify: true },
});
