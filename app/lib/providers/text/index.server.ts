import type { Config } from "~/lib/config.server";
import { offlineGenerator } from "~/lib/providers/text/offline.server";
import { openAiGenerator } from "~/lib/providers/text/openai.server";
import type { TextGenerator } from "~/lib/providers/text/types";

/** Whether replies come from the built-in demo writer (no model server configured or found). */
export const usesDemoWriter = (config: Config) => !(config.text.provider === "openai" && config.text.baseUrl);

/** The text backend the configuration names (TEXT_PROVIDER): `offline` by default, or `openai`. */
export function textGenerator(config: Config): TextGenerator {
  const text = config.text;
  if (!usesDemoWriter(config) && text.baseUrl)
    return openAiGenerator({ baseUrl: text.baseUrl, apiKey: text.apiKey, models: text.models, timeoutMs: text.timeoutMs, label: text.label });
  return offlineGenerator(config.env === "test" ? 0 : 25);
}
