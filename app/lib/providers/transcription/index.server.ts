import type { Config } from "~/lib/config.server";
import { openAiTranscriber } from "./openai.server";
import type { Transcriber } from "./types";
import { workersAiTranscriber, type WorkersAiSpeech } from "./workers-ai.server";

/**
 * What hears the person in a call (STT_PROVIDER; decision 090), or null for `browser`, where the
 * call screen uses the browser's own recognition. `workers-ai` needs the `AI` binding (production only).
 */
export function transcriberFor(config: Pick<Config, "calls">, env: { AI?: WorkersAiSpeech }): Transcriber | null {
  const { provider, baseUrl, apiKey, model } = config.calls.hearing;
  if (provider === "browser") return null;
  if (provider === "openai") return openAiTranscriber({ baseUrl: baseUrl!, apiKey, model });
  if (!env.AI) throw new Error("STT_PROVIDER is workers-ai but the Worker has no AI binding");
  return workersAiTranscriber(env.AI, model);
}
