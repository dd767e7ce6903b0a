import * as z from "zod";
import "~/lib/zod-config";
import { CHAT_MODELS } from "~/spec/models";
import { LIMITS } from "~/spec/limits";
import { findUnsafe } from "~/lib/safety";
import { readLorebook } from "~/lib/lorebook";
import { CHARACTER_FIELD_NAMES as FIELD, CHARACTER_MESSAGES, SAFETY_MESSAGE } from "~/spec/messages";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, TAG_GUIDANCE } from "~/spec/tags";
import { VOICES } from "~/spec/voices";
import { personaPrefix } from "~/lib/forms/persona-prefix";

export const CHARACTER_NAME_MAX = 40;
export const CARD_EXTRAS_MAX = 300_000;
export const CHARACTER_LIMITS = {
  description: 500,
  /**
   * The character's definition (the card's description): who they are and how they speak, prefix
   * included. Community cards run 2,000 to 8,000 characters; an import is never cut (decision 032).
   */
  definition: LIMITS.characterDefinitionMax,
  greeting: 8000,
  alternateGreetings: 5,
  scenario: 8000,
  exampleDialogue: 16_000,
  authorNotes: 2000,
  imagePrompt: 1000,
  tags: 10,
} as const;

export { personaPrefix, personaRoom } from "~/lib/forms/persona-prefix";

const text = (max: number, label: string) => z.string().max(max, CHARACTER_MESSAGES.tooLong(label, max));

export const characterInputSchema = z.lazy(() =>
  z
    .object({
      name: z.string().trim().min(1, CHARACTER_MESSAGES.nameRequired).max(CHARACTER_NAME_MAX, CHARACTER_MESSAGES.tooLong(FIELD.name, CHARACTER_NAME_MAX)),
      description: text(CHARACTER_LIMITS.description, FIELD.description).default(""),
      persona: z.string().default(""),
      greeting: text(CHARACTER_LIMITS.greeting, FIELD.greeting).default(""),
      alternateGreetings: z
        .array(text(CHARACTER_LIMITS.greeting, FIELD.alternateGreeting))
        .max(CHARACTER_LIMITS.alternateGreetings, CHARACTER_MESSAGES.tooManyGreetings(CHARACTER_LIMITS.alternateGreetings))
        .default([]),
      scenario: text(CHARACTER_LIMITS.scenario, FIELD.scenario).default(""),
      exampleDialogue: text(CHARACTER_LIMITS.exampleDialogue, FIELD.exampleDialogue).default(""),
      authorNotes: text(CHARACTER_LIMITS.authorNotes, FIELD.authorNotes).default(""),
      imagePrompt: text(CHARACTER_LIMITS.imagePrompt, FIELD.imagePrompt).default(""),
      negativePrompt: text(CHARACTER_LIMITS.imagePrompt, FIELD.negativePrompt).default(""),
      imagePromptVisible: z.boolean().default(false),
      tags: z
        .array(z.enum(CHARACTER_TAG_NAMES, { error: CHARACTER_MESSAGES.unknownTag }))
        .max(CHARACTER_LIMITS.tags, CHARACTER_MESSAGES.tooManyTags(CHARACTER_LIMITS.tags))
        .default([]),
      contentTags: z.array(z.enum(CONTENT_TAG_NAMES, { error: CHARACTER_MESSAGES.unknownContentTag })).default([]),
      voice: z
        .enum(VOICES.map((v) => v.id) as [string, ...string[]], { error: CHARACTER_MESSAGES.unknownVoice })
        .nullable()
        .default(null),
      defaultModel: z
        .enum(CHAT_MODELS.map((m) => m.name) as [string, ...string[]], { error: CHARACTER_MESSAGES.unknownModel })
        .nullable()
        .default(null),
      isNsfwThumbnail: z.boolean().default(false),
      /** Character Card fields kept for export (from an import); left as they are when absent. */
      cardExtras: z
        .record(z.string(), z.unknown())
        .nullable()
        .optional()
        .refine((v) => !v || JSON.stringify(v).length <= CARD_EXTRAS_MAX, CHARACTER_MESSAGES.extrasTooLarge),
    })
    .superRefine((c, ctx) => {
      if ((personaPrefix(c.name) + c.persona).length > CHARACTER_LIMITS.definition)
        ctx.addIssue({ code: "custom", path: ["persona"], message: CHARACTER_MESSAGES.tooLong(FIELD.persona, CHARACTER_LIMITS.definition) });
      if (c.tags.includes("Male") && c.tags.includes("Female")) ctx.addIssue({ code: "custom", path: ["tags"], message: TAG_GUIDANCE[0] });
      const unsafe = unsafeCharacterText(c);
      if (unsafe) ctx.addIssue({ code: "custom", path: unsafe.path, message: SAFETY_MESSAGE(unsafe.hit) });
      const lore = unsafeLoreEntry(c.cardExtras);
      if (lore)
        ctx.addIssue({
          code: "custom",
          path: ["character_book"],
          message: CHARACTER_MESSAGES.unsafeLoreEntry(lore.index, lore.name, SAFETY_MESSAGE(lore.hit)),
        });
    }),
);

export type CharacterInput = z.output<typeof characterInputSchema>;

/**
 * What the create and edit forms hold: every field of the schema's input (a card's extras travel
 * beside it). Tags are names as typed or imported; the schema tells unknown ones apart.
 */
export type CharacterDraft = Required<Omit<z.input<typeof characterInputSchema>, "cardExtras" | "tags" | "contentTags">> & {
  tags: string[];
  contentTags: string[];
};

export const EMPTY_DRAFT: CharacterDraft = {
  name: "",
  description: "",
  persona: "",
  greeting: "",
  alternateGreetings: [],
  scenario: "",
  exampleDialogue: "",
  authorNotes: "",
  imagePrompt: "",
  negativePrompt: "",
  imagePromptVisible: false,
  tags: [],
  contentTags: [],
  voice: null,
  defaultModel: null,
  isNsfwThumbnail: false,
};

/** The fields a person typed, checked by the content-safety rules. */
export const SAFETY_CHECKED_FIELDS = ["name", "description", "persona", "greeting", "scenario", "exampleDialogue", "authorNotes", "imagePrompt"] as const;
/** Card fields that reach the prompt, checked too when a card is imported or saved. */
export const SAFETY_CHECKED_CARD_FIELDS = ["personality", "system_prompt", "post_history_instructions"] as const;

/** The texts a character's safety check runs over, each with the field name shown when it is blocked. */
function characterTexts(
  c: Pick<CharacterInput, (typeof SAFETY_CHECKED_FIELDS)[number] | "alternateGreetings"> & { cardExtras?: Record<string, unknown> | null },
) {
  return [
    ...SAFETY_CHECKED_FIELDS.map((f) => [f, c[f]] as [string, string]),
    ...c.alternateGreetings.map((g, i) => [`alternateGreetings.${i}`, g] as [string, string]),
    ...SAFETY_CHECKED_CARD_FIELDS.map((f) => [f, c.cardExtras?.[f]] as [string, unknown]).filter((e): e is [string, string] => typeof e[1] === "string"),
    ...(Array.isArray(c.cardExtras?.unmatched_tags) ? [["tags", (c.cardExtras.unmatched_tags as unknown[]).join(", ")] as [string, string]] : []),
  ];
}

/** The first text of a character the safety rules refuse: its field's path and the words refused. */
export function unsafeCharacterText(c: Parameters<typeof characterTexts>[0]) {
  for (const [field, text] of characterTexts(c)) {
    const hit = findUnsafe(text);
    if (hit) return { path: field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)), hit };
  }
  return null;
}

/** The first lorebook entry (cardExtras.character_book) whose content the safety rules refuse: where it is, its title and the words refused. */
export function unsafeLoreEntry(cardExtras: Record<string, unknown> | null | undefined) {
  const entries = readLorebook(cardExtras?.character_book)?.entries ?? [];
  for (const [index, entry] of entries.entries()) {
    const hit = findUnsafe(entry.content);
    if (hit) return { index, name: entry.name, hit };
  }
  return null;
}
