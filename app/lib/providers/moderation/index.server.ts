import type { Config } from "~/lib/config.server";
import { llamaGuardModerator } from "./llamaguard.server";
import { openAiModerator } from "./openai.server";
import type { Moderator } from "./types";
import { workersAiModerator, type WorkersAi } from "./workers-ai.server";

/**
 * The classifier the deployment names (MODERATION_PROVIDER; decision 082), or null for `offline`, where
 * the offline screen decides alone. `workers-ai` needs the `AI` binding (not declared locally: it
 * cannot run offline); without it the deployment fails closed.
 */
export function moderatorFor(config: Pick<Config, "moderation">, env: { AI?: WorkersAi }): Moderator | null {
  const { provider, baseUrl, apiKey, model } = config.moderation;
  if (provider === "offline") return null;
  if (provider === "openai") return openAiModerator({ baseUrl: baseUrl!, apiKey, model });
  if (provider === "llamaguard") return llamaGuardModerator({ baseUrl: baseUrl!, apiKey, model });
  if (!env.AI) throw new Error("MODERATION_PROVIDER is workers-ai but the Worker has no AI binding");
  return workersAiModerator(env.AI, model);
}
