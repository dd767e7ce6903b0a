import type { Config } from "~/lib/config.server";
import { offlineGenerator } from "./offline.server";
import { openAiGenerator } from "./openai.server";
import type { TextGenerator } from "./types";

/** The text backend the configuration names (TEXT_PROVIDER): `offline` by default, or `openai`. */
export function textGenerator(config: Config): TextGenerator {
  const text = config.text;
  if (text.provider === "openai" && text.baseUrl) return openAiGenerator({ baseUrl: text.baseUrl, apiKey: text.apiKey, models: text.models, timeoutMs: text.timeoutMs });
  return offlineGenerator(config.env === "test" ? 0 : 25);
}
