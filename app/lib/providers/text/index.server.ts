import type { Config } from "~/lib/config.server";
import { offlineGenerator } from "~/lib/providers/text/offline.server";
import { openAiGenerator } from "~/lib/providers/text/openai.server";
import type { TextGenerator } from "~/lib/providers/text/types";

/** The text backend the configuration names (TEXT_PROVIDER): `offline` by default, or `openai`. */
export function textGenerator(config: Config): TextGenerator {
  const text = config.text;
  if (text.provider === "openai" && text.baseUrl)
    return openAiGenerator({ baseUrl: text.baseUrl, apiKey: text.apiKey, models: text.models, timeoutMs: text.timeoutMs });
  return offlineGenerator(config.env === "test" ? 0 : 25);
}
