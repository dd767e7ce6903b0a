/** The four chat models of spec section 9. */
export const CHAT_MODELS = [
  { name: "Mage", description: "Balanced. The default model." },
  { name: "Witch", description: "Higher quality, slower. The smartest model." },
  { name: "Succubus", description: "Creative and the most explicit. Replies capped at 150 tokens." },
  { name: "Lightning", description: "Very fast and concise." },
] as const;
export type ChatModelName = (typeof CHAT_MODELS)[number]["name"];
export const DEFAULT_CHAT_MODEL: ChatModelName = "Mage";
/** Chat settings default to Lightning; the label for it reads 'Smart'. */
export const DEFAULT_SETTINGS_MODEL: ChatModelName = "Lightning";
export const DEFAULT_MODEL_LABEL = "Smart";

/**
 * Which models each tier may use (decision 012; the spec leaves the rule out). FREE gets the fast and
 * the balanced model; SILVER and GOLD get all four. The pricing page says the same.
 */
export const MODELS_BY_TIER: Record<"FREE" | "SILVER" | "GOLD", ChatModelName[]> = {
  FREE: ["Lightning", "Mage"],
  SILVER: ["Mage", "Witch", "Succubus", "Lightning"],
  GOLD: ["Mage", "Witch", "Succubus", "Lightning"],
};

export const RESPONSE_LENGTH = { min: 50, step: 25, max: 200, succubusMax: 150 } as const;

export function maxResponseLength(model: string): number {
  return model === "Succubus" ? RESPONSE_LENGTH.succubusMax : RESPONSE_LENGTH.max;
}

/**
 * The one response-length clamp (spec sections 4, 5 and 9): the default when none is given, on the
 * 25-token steps from 50, within the model's bounds (picking Succubus lowers a longer length to 150).
 * The browser's slider and the server's request both use it.
 */
export function clampLength(model: string, wanted: number | undefined) {
  const value = wanted ?? TEXT_GENERATION_DEFAULTS.max_tokens;
  const stepped = RESPONSE_LENGTH.min + Math.round((value - RESPONSE_LENGTH.min) / RESPONSE_LENGTH.step) * RESPONSE_LENGTH.step;
  return Math.min(maxResponseLength(model), Math.max(RESPONSE_LENGTH.min, stepped));
}

/** Text-generation defaults of spec section 9, sent to the backend with every request. */
export const TEXT_GENERATION_DEFAULTS = {
  max_tokens: 125,
  min_p: 0.01,
  temperature: 0.8,
  repetition_penalty: 1.11,
  repetition_penalty_range: 1048,
  mirostat_tau: 3.8,
  top_k: 20,
  top_p: 0.82,
  mirostat_mode: false,
  mode: "storytelling",
  earlyStopping: false,
  frequency_penalty: 0,
  presence_penalty: 0,
} as const;
