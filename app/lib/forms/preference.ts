import * as z from "zod";
import "~/lib/zod-config";
import { PREFERENCE_MESSAGES } from "~/spec/messages";
import { BUBBLE_COLORS, CHAT_LAYOUTS, CHAT_UIS, IMAGE_MODES, IMAGE_STYLES, IMAGE_VIEWS } from "~/spec/preferences";

/** Every UserPreference key with the values it accepts (spec section 3). */
export const PREFERENCE_VALUES = {
  imageStyle: z.enum(IMAGE_STYLES),
  isRealistic: z.boolean(),
  showImages: z.boolean(),
  chatLayout: z.enum(CHAT_LAYOUTS),
  mobileImageView: z.enum(IMAGE_VIEWS),
  autoImageGeneration: z.boolean(),
  userMessageBubble: z.boolean(),
  characterMessageBubble: z.boolean(),
  userMessageBubbleColor: z.enum(BUBBLE_COLORS),
  characterMessageBubbleColor: z.enum(BUBBLE_COLORS),
  fontSize: z.lazy(() => z.number().int().min(12).max(24)),
  dialogueOnlyVocals: z.boolean(),
  imageGenerationMode: z.enum(IMAGE_MODES),
  showNsfwThumbnails: z.boolean(),
  chatUI: z.enum(CHAT_UIS),
  cardView: z.enum(["grid", "list"]),
  enterToSend: z.boolean(),
  referrer: z.lazy(() => z.string().trim().min(1).max(100)),
} as const;

export type PreferenceKey = keyof typeof PREFERENCE_VALUES;
export const PREFERENCE_KEYS = Object.keys(PREFERENCE_VALUES) as PreferenceKey[];

/** Parses `{ key, value }`; the message names what was wrong in words a person understands. */
export function parsePreference(body: unknown): { ok: true; key: PreferenceKey; value: unknown } | { ok: false; error: string } {
  const shape = z.object({ key: z.string(), value: z.unknown() }).safeParse(body);
  if (!shape.success) return { ok: false, error: PREFERENCE_MESSAGES.sendKeyAndValue };
  const { key, value } = shape.data;
  // Own keys only: "constructor" or "__proto__" are not preferences.
  if (!Object.hasOwn(PREFERENCE_VALUES, key)) return { ok: false, error: PREFERENCE_MESSAGES.unknownKey(key) };
  const parsed = PREFERENCE_VALUES[key as PreferenceKey].safeParse(value);
  if (!parsed.success) return { ok: false, error: PREFERENCE_MESSAGES.invalidValue(key, parsed.error.issues[0]?.message ?? PREFERENCE_MESSAGES.notAllowed) };
  return { ok: true, key: key as PreferenceKey, value: parsed.data };
}

/** The body of POST /api/preference, with parsePreference's messages. */
export const preferenceSchema = z.lazy(() =>
  z.unknown().transform((body, ctx) => {
    const parsed = parsePreference(body);
    if (parsed.ok) return { key: parsed.key, value: parsed.value };
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
);
