// Writes the offline painter's Worker (painter/wrangler.toml) into the folder given: its script and
// resvg's WebAssembly, as `wrangler deploy` would upload them. `npm run build` puts it in build/painter
// for the server tests; writeBundle puts it beside the app's bundle for Miniflare (decision 055).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.resolve(root, process.argv[2] ?? "build/painter");
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--config", "painter/wrangler.toml", "--outdir", outdir], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
