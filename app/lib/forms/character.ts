import * as z from "zod";
import "~/lib/zod-config";
import { CHAT_MODELS } from "~/spec/models";
import { LIMITS } from "~/spec/limits";
import type { Passed } from "~/lib/safety/screened";
import type { ScreenField } from "~/lib/safety/fields";
import { screened, screenedJson, stringsWithPaths } from "~/lib/safety/form-rules";
import { readLorebook } from "~/lib/lorebook";
import { CHARACTER_FIELD_NAMES as FIELD, CHARACTER_MESSAGES } from "~/spec/messages";
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

/**
 * A character's fields. Every text is screened as what a character is (issue 59): the offline screen
 * as each field's rule, so the form names the field it refuses, and the gate after it. A card's
 * extras (its other fields and its lorebook) are screened string by string, an entry named by its
 * place and title.
 */
export const characterInputSchema = z.lazy(() =>
  z
    .object({
      name: screened(
        "character.name",
        z.string().trim().min(1, CHARACTER_MESSAGES.nameRequired).max(CHARACTER_NAME_MAX, CHARACTER_MESSAGES.tooLong(FIELD.name, CHARACTER_NAME_MAX)),
      ),
      description: screened("character.description", text(CHARACTER_LIMITS.description, FIELD.description).default("")),
      persona: screened("character.persona", z.string().default("")),
      greeting: screened("character.greeting", text(CHARACTER_LIMITS.greeting, FIELD.greeting).default("")),
      alternateGreetings: z
        .array(screened("character.greeting", text(CHARACTER_LIMITS.greeting, FIELD.alternateGreeting)))
        .max(CHARACTER_LIMITS.alternateGreetings, CHARACTER_MESSAGES.tooManyGreetings(CHARACTER_LIMITS.alternateGreetings))
        .default([]),
      scenario: screened("character.scenario", text(CHARACTER_LIMITS.scenario, FIELD.scenario).default("")),
      exampleDialogue: screened("character.exampleDialogue", text(CHARACTER_LIMITS.exampleDialogue, FIELD.exampleDialogue).default("")),
      authorNotes: screened("character.authorNotes", text(CHARACTER_LIMITS.authorNotes, FIELD.authorNotes).default("")),
      imagePrompt: screened("character.imagePrompt", text(CHARACTER_LIMITS.imagePrompt, FIELD.imagePrompt).default("")),
      negativePrompt: screened("character.imagePrompt", text(CHARACTER_LIMITS.imagePrompt, FIELD.negativePrompt).default("")),
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
      cardExtras: screenedJson(
        "character.card",
        z
          .record(z.string(), z.unknown())
          .nullable()
          .optional()
          .refine((v) => !v || JSON.stringify(v).length <= CARD_EXTRAS_MAX, CHARACTER_MESSAGES.extrasTooLarge),
        cardIssue,
      ),
    })
    .superRefine((c, ctx) => {
      if ((personaPrefix(c.name) + c.persona).length > CHARACTER_LIMITS.definition)
        ctx.addIssue({ code: "custom", path: ["persona"], message: CHARACTER_MESSAGES.tooLong(FIELD.persona, CHARACTER_LIMITS.definition) });
      if (c.tags.includes("Male") && c.tags.includes("Female")) ctx.addIssue({ code: "custom", path: ["tags"], message: TAG_GUIDANCE[0] });
    }),
);

/** Where an unsafe string of a card's extras is, as the form says it: a lorebook entry by its number and title, another field by its key. */
function cardIssue(extras: Record<string, unknown>, path: (string | number)[], why: string) {
  if (path[0] === "character_book" && path[1] === "entries" && typeof path[2] === "number") {
    const entry = readLorebook(extras.character_book)?.entries[path[2]];
    return { path: ["character_book"], message: CHARACTER_MESSAGES.unsafeLoreEntry(path[2], entry?.name ?? "", why) };
  }
  return { path: [String(path[0])], message: why };
}

/** A character's fields as the models take them: every text passed the gate. */
export type CharacterInput = Passed<typeof characterInputSchema>;

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

/** The texts of a character as its form holds them, each with the field the gate screens it as: what an import is screened by. */
export function characterScreenItems(draft: CharacterDraft, cardExtras: Record<string, unknown> | null | undefined) {
  const fields = ["name", "description", "persona", "greeting", "scenario", "exampleDialogue", "authorNotes", "imagePrompt", "negativePrompt"] as const;
  const named: Record<(typeof fields)[number], ScreenField> = {
    name: "character.name",
    description: "character.description",
    persona: "character.persona",
    greeting: "character.greeting",
    scenario: "character.scenario",
    exampleDialogue: "character.exampleDialogue",
    authorNotes: "character.authorNotes",
    imagePrompt: "character.imagePrompt",
    negativePrompt: "character.imagePrompt",
  };
  return [
    ...fields.map((f) => ({ path: f, field: named[f], text: String(draft[f] ?? "") })),
    ...draft.alternateGreetings.map((text, i) => ({ path: `alternateGreetings.${i}`, field: "character.greeting" as ScreenField, text })),
    ...stringsWithPaths(cardExtras).map(({ path, text }) => ({ path: path.join("."), field: "character.card" as ScreenField, text })),
  ];
}
