// `npm start`'s last step: finds a local model server (scripts/model-server.mjs), says what replies
// will come from, and runs `wrangler dev` on 127.0.0.1:8787 in development mode.
import { spawn } from "node:child_process";
import { findModelServer, varsFor } from "./model-server.mjs";

const found = await findModelServer();
const vars = { APP_ENV: "development", ...(found ? varsFor(found) : {}) };
console.log(
  found
    ? `Chat replies: ${found.name} at ${found.baseUrl}, model "${found.model}" (found on this machine; set TEXT_PROVIDER to choose yourself).`
    : "Chat replies: the built-in offline demo writer (no local model server answered; see README, Configuration).",
);
const args = ["wrangler", "dev", "--ip", "127.0.0.1", "--port", "8787", ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])];
const child = spawn("npx", args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
