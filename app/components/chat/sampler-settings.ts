import { TEXT_GENERATION_DEFAULTS } from "~/spec/models";

/** Response length and sampler settings live in this browser under `samplerSettings` (spec section 3). */
export const SAMPLER_KEY = "samplerSettings";
export type SamplerSettings = { responseLength: number };
export const DEFAULT_SAMPLER: SamplerSettings = { responseLength: TEXT_GENERATION_DEFAULTS.max_tokens };

export function readSamplerSettings(): SamplerSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(SAMPLER_KEY) ?? "{}") as Partial<SamplerSettings>;
    return { ...DEFAULT_SAMPLER, ...(typeof stored.responseLength === "number" ? { responseLength: stored.responseLength } : {}) };
  } catch {
    return DEFAULT_SAMPLER;
  }
}

export function writeSamplerSettings(settings: SamplerSettings) {
  localStorage.setItem(SAMPLER_KEY, JSON.stringify(settings));
}
