// Finds a local OpenAI-compatible model server for `npm start` when no text provider is configured:
// the first of the usual ports on 127.0.0.1 that answers GET /v1/models is used, with its first model
// for all four product models. Setting TEXT_PROVIDER (environment or .dev.vars) always wins.
import { readFileSync } from "node:fs";

/** The usual local servers, in the order they are tried. */
export const LOCAL_SERVERS = [
  { name: "llama.cpp", baseUrl: "http://127.0.0.1:8080/v1" },
  { name: "Ollama", baseUrl: "http://127.0.0.1:11434/v1" },
  { name: "KoboldCpp", baseUrl: "http://127.0.0.1:5001/v1" },
  { name: "LM Studio", baseUrl: "http://127.0.0.1:1234/v1" },
  { name: "text-generation-webui", baseUrl: "http://127.0.0.1:5000/v1" },
];

const PRODUCT_MODELS = ["Mage", "Witch", "Succubus", "Lightning"];

/** A provider variable (TEXT_PROVIDER by default) as the person set it: in the environment, or in .dev.vars (wrangler's local secrets file). */
export function configuredProvider(env = process.env, devVarsPath = ".dev.vars", name = "TEXT_PROVIDER") {
  if (env[name]) return env[name];
  try {
    const line = readFileSync(devVarsPath, "utf8")
      .split("\n")
      .find((l) => new RegExp(`^\\s*${name}\\s*=`).test(l));
    const value = line
      ?.split("=")
      .slice(1)
      .join("=")
      .trim()
      .replace(/^["']|["']$/g, "");
    return value || null;
  } catch {
    return null;
  }
}

/** The first model a server lists, or null when it does not answer like an OpenAI-compatible server. */
async function firstModel(baseUrl, timeoutMs) {
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = await response.json();
    const id = body?.data?.[0]?.id;
    return typeof id === "string" && id ? id : null;
  } catch {
    return null;
  }
}

/** The local server to use and its model, or null (then the offline demo writer answers). */
export async function findModelServer({ servers = LOCAL_SERVERS, timeoutMs = 800, env = process.env, devVarsPath = ".dev.vars" } = {}) {
  if (configuredProvider(env, devVarsPath)) return null;
  const answers = await Promise.all(servers.map(async (server) => ({ ...server, model: await firstModel(server.baseUrl, timeoutMs) })));
  return answers.find((a) => a.model) ?? null;
}

/** The `wrangler dev --var` values that point the app at a found server. */
export function varsFor(found) {
  return {
    TEXT_PROVIDER: "openai",
    TEXT_API_BASE_URL: found.baseUrl,
    TEXT_MODELS: JSON.stringify(Object.fromEntries(PRODUCT_MODELS.map((m) => [m, found.model]))),
    TEXT_SERVER_LABEL: `${found.name} · ${found.model}`,
  };
}
