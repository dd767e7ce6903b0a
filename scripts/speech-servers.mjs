// Finds local speech servers for `npm start` (issue 63), as model-server.mjs finds a model server: a
// speech-to-text server for calls (whisper.cpp's `whisper-server --port 8178 --inference-path
// /v1/audio/transcriptions`, or speaches / faster-whisper-server on its port 8000) and a Kokoro-FastAPI
// speech server (port 8880). A server counts when GET /health or GET /v1/models answers 200. Setting
// STT_PROVIDER or SPEECH_PROVIDER (environment or .dev.vars) always wins.
import { configuredProvider } from "./model-server.mjs";

export const HEARING_SERVERS = [
  { name: "whisper.cpp", baseUrl: "http://127.0.0.1:8178/v1" },
  { name: "speaches", baseUrl: "http://127.0.0.1:8000/v1" },
];
export const SPEAKING_SERVERS = [{ name: "Kokoro-FastAPI", baseUrl: "http://127.0.0.1:8880/v1" }];

async function answers(baseUrl, timeoutMs) {
  for (const url of [`${baseUrl.replace(/\/v1$/, "")}/health`, `${baseUrl}/models`]) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) return true;
    } catch {
      // Nothing there.
    }
  }
  return false;
}

async function first(servers, timeoutMs) {
  const found = await Promise.all(servers.map(async (s) => ((await answers(s.baseUrl, timeoutMs)) ? s : null)));
  return found.find(Boolean) ?? null;
}

/** The local speech servers to use: `{ hearing, speaking }`, each a found server or null. */
export async function findSpeechServers({
  hearing = HEARING_SERVERS,
  speaking = SPEAKING_SERVERS,
  timeoutMs = 800,
  env = process.env,
  devVarsPath = ".dev.vars",
} = {}) {
  return {
    hearing: configuredProvider(env, devVarsPath, "STT_PROVIDER") ? null : await first(hearing, timeoutMs),
    speaking: configuredProvider(env, devVarsPath, "SPEECH_PROVIDER") ? null : await first(speaking, timeoutMs),
  };
}

/** The `--var` values that point the app at the servers found. */
export function speechVarsFor(found) {
  return {
    ...(found.hearing ? { STT_PROVIDER: "openai", STT_API_BASE_URL: found.hearing.baseUrl } : {}),
    ...(found.speaking ? { SPEECH_PROVIDER: "kokoro", SPEECH_API_BASE_URL: found.speaking.baseUrl } : {}),
  };
}
