export const VOICE_GROUPS = [
  { label: "US female", prefix: "af_", names: ["heart", "bella", "nicole", "aoede", "kore", "sarah", "nova", "sky", "alloy", "jessica", "river"] },
  { label: "US male", prefix: "am_", names: ["michael", "fenrir", "puck", "echo", "eric", "liam", "onyx", "santa", "adam"] },
  { label: "UK female", prefix: "bf_", names: ["emma", "isabella", "alice", "lily"] },
  { label: "UK male", prefix: "bm_", names: ["george", "fable", "lewis", "daniel"] },
] as const;

export type Voice = { id: string; label: string; group: string };

export const VOICES: Voice[] = VOICE_GROUPS.flatMap((g) =>
  g.names.map((n) => ({ id: `${g.prefix}${n}`, label: n[0].toUpperCase() + n.slice(1), group: g.label })),
);

export const DEFAULT_VOICE = "af_nicole";
export const ORIGINAL_VOICE_LABEL = "Character Original Voice";
/** The voice id that means the character's own sample. */
export const ORIGINAL_VOICE = "original";

/** Default voice by character tags; an explicit voice takes priority. */
export function defaultVoiceForTags(tagNames: readonly string[], explicit?: string | null): string {
  if (explicit) return explicit;
  if (tagNames.includes("Male")) {
    if (tagNames.includes("Dominant")) return "am_liam";
    if (tagNames.includes("Submissive")) return "am_fenrir";
    return "am_puck";
  }
  return DEFAULT_VOICE;
}
