/**
 * Character Card V1/V2/V3 (the community's shared format) to and from our character fields.
 * The mapping is documented in docs/decisions/008-character-cards.md. Fields we do not edit are
 * kept in `cardExtras` and written back on export, so unknown fields survive a round trip.
 */
import * as z from "zod";
import "~/lib/zod-config";
import { CHARACTER_LIMITS, personaPrefix } from "~/lib/forms/character";
import { LIMITS } from "~/spec/limits";
import { CARD_MESSAGES, CARD_NOTICES } from "~/spec/messages";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES } from "~/spec/tags";
import type { CharacterDraft } from "~/lib/forms/character";
import { cardSummary } from "./card-summary";

/** Card `data` fields that map onto our own columns; everything else goes to cardExtras. */
const MAPPED = ["name", "description", "scenario", "first_mes", "mes_example", "alternate_greetings", "creator_notes", "tags"] as const;
/** Our own fields that cards have no place for, kept under extensions.reverie. */
const OWN_EXTENSION = "reverie";

const str = z.lazy(() =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" ? v : v == null ? "" : String(v))),
);
const strList = z.lazy(() =>
  z
    .unknown()
    .optional()
    .transform((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [])),
);

const cardDataSchema = z.lazy(() =>
  z.looseObject({
    name: str,
    description: str,
    personality: str,
    scenario: str,
    first_mes: str,
    mes_example: str,
    alternate_greetings: strList,
    creator_notes: str,
    tags: strList,
    extensions: z.record(z.string(), z.unknown()).catch({}).default({}),
  }),
);

export type CardData = z.output<typeof cardDataSchema> & Record<string, unknown>;
export type CardVersion = "V1" | "V2" | "V3";

/** Reads a parsed JSON value as a card: V3 and V2 wrap fields in `data`; V1 has them at the top. */
export function readCard(value: unknown): { ok: true; version: CardVersion; data: CardData } | { ok: false; error: string } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: CARD_MESSAGES.notACard };
  const v = value as Record<string, unknown>;
  if ("entries" in v && !("name" in v) && !("data" in v)) return { ok: false, error: CARD_MESSAGES.lorebook };
  const version: CardVersion | null =
    v.spec === "chara_card_v3" ? "V3" : v.spec === "chara_card_v2" ? "V2" : typeof v.name === "string" && "first_mes" in v ? "V1" : null;
  if (!version) return { ok: false, error: CARD_MESSAGES.notACard };
  const source = version === "V1" ? v : v.data;
  const parsed = cardDataSchema.safeParse(source);
  if (!parsed.success || !parsed.data.name.trim()) return { ok: false, error: CARD_MESSAGES.noName };
  return { ok: true, version, data: parsed.data as CardData };
}

const CRLF = /\r\n?/g;
const clean = (s: string) => s.replace(CRLF, "\n").trim();

const matchName = <T extends string>(names: readonly T[], wanted: string) => names.find((n) => n.toLowerCase() === wanted.trim().toLowerCase());

type OwnFields = Partial<
  Pick<CharacterDraft, "description" | "imagePrompt" | "negativePrompt" | "imagePromptVisible" | "contentTags" | "voice" | "defaultModel" | "isNsfwThumbnail">
>;

/**
 * A card as a create-form draft, the extras to keep, and notices for the person importing it
 * (tags we do not have, text longer than our limits: they see it in the form and trim it).
 */
export function cardToDraft(data: CardData, version: CardVersion) {
  const { [OWN_EXTENSION]: own, ...extensions } = data.extensions as Record<string, unknown>;
  const ownFields = (own && typeof own === "object" ? own : {}) as OwnFields;
  const tags: string[] = [];
  const unmatchedTags: string[] = [];
  for (const t of data.tags) {
    const known = matchName(CHARACTER_TAG_NAMES, t);
    if (known) {
      if (!tags.includes(known)) tags.push(known);
    } else if (!matchName(CONTENT_TAG_NAMES, t)) unmatchedTags.push(t);
  }
  const contentTags = [
    ...(ownFields.contentTags ?? []),
    ...data.tags.map((t) => matchName(CONTENT_TAG_NAMES, t)).filter((t): t is (typeof CONTENT_TAG_NAMES)[number] => !!t),
  ].filter((t, i, all) => all.indexOf(t) === i);

  const extras: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(data).filter(([k]) => !(MAPPED as readonly string[]).includes(k))),
    extensions,
  };
  if (unmatchedTags.length) extras.unmatched_tags = unmatchedTags;
  extras.imported_from = version;

  const draft: CharacterDraft = {
    name: clean(data.name),
    // Creator notes are the author's notes; the listing's line comes from the definition itself.
    description: typeof ownFields.description === "string" ? ownFields.description : cardSummary(data, CHARACTER_LIMITS.description),
    persona: clean(data.description),
    greeting: clean(data.first_mes),
    alternateGreetings: data.alternate_greetings.map(clean).filter(Boolean),
    scenario: clean(data.scenario),
    exampleDialogue: clean(data.mes_example),
    authorNotes: clean(data.creator_notes),
    imagePrompt: ownFields.imagePrompt ?? "",
    negativePrompt: ownFields.negativePrompt ?? "",
    imagePromptVisible: ownFields.imagePromptVisible ?? false,
    tags: tags.slice(0, CHARACTER_LIMITS.tags),
    contentTags,
    voice: ownFields.voice ?? null,
    defaultModel: ownFields.defaultModel ?? null,
    isNsfwThumbnail: ownFields.isNsfwThumbnail ?? false,
  };
  const notices: string[] = [];
  if (unmatchedTags.length) notices.push(CARD_NOTICES.unmatchedTags(unmatchedTags));
  if (tags.length > CHARACTER_LIMITS.tags) notices.push(CARD_NOTICES.firstTagsOnly(CHARACTER_LIMITS.tags));
  if (draft.tags.includes("Male") && draft.tags.includes("Female")) notices.push(CARD_NOTICES.maleAndFemale);
  const personaMax = LIMITS.characterDefinitionMax - personaPrefix(draft.name).length;
  if (draft.persona.length > personaMax) notices.push(CARD_NOTICES.personaTooLong(draft.persona.length, personaMax, personaPrefix(draft.name).trim()));
  if (draft.alternateGreetings.length > CHARACTER_LIMITS.alternateGreetings) notices.push(CARD_NOTICES.tooManyGreetings(CHARACTER_LIMITS.alternateGreetings));
  const personality = typeof data.personality === "string" ? clean(data.personality) : "";
  if (personality) notices.push(CARD_NOTICES.personalityKept);
  return { draft, extras, notices };
}

/** What export needs about a character (persona already without its prefix). */
export type ExportableCharacter = Omit<CharacterDraft, never> & {
  cardExtras: Record<string, unknown> | null;
  authorName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The character as a Character Card V3 (and the same data as V2, for older clients). */
export function characterToCard(c: ExportableCharacter) {
  const { unmatched_tags, imported_from, extensions, ...kept } = (c.cardExtras ?? {}) as Record<string, unknown>;
  const own: OwnFields = {
    description: c.description,
    imagePrompt: c.imagePrompt,
    negativePrompt: c.negativePrompt,
    imagePromptVisible: c.imagePromptVisible,
    contentTags: c.contentTags,
    voice: c.voice,
    defaultModel: c.defaultModel,
    isNsfwThumbnail: c.isNsfwThumbnail,
  };
  void imported_from;
  const data = {
    personality: "",
    system_prompt: "",
    post_history_instructions: "",
    creator: c.authorName ?? "",
    character_version: "1.0",
    ...kept,
    name: c.name,
    description: c.persona,
    scenario: c.scenario,
    first_mes: c.greeting,
    mes_example: c.exampleDialogue,
    alternate_greetings: c.alternateGreetings,
    creator_notes: c.authorNotes,
    tags: [...[...c.tags].sort(), ...[...c.contentTags].sort(), ...(Array.isArray(unmatched_tags) ? (unmatched_tags as string[]) : [])],
    extensions: { ...((extensions as Record<string, unknown>) ?? {}), [OWN_EXTENSION]: own },
  };
  const v3 = {
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: { group_only_greetings: [], creation_date: seconds(c.createdAt), ...data, modification_date: seconds(c.updatedAt) },
  };
  const v2 = { spec: "chara_card_v2", spec_version: "2.0", data };
  return { v3, v2 };
}

/** File name for a download: the character's name in plain characters. */
export const cardFileName = (name: string, ext: "png" | "json") =>
  `${
    name
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim()
      .replace(/\s+/g, "_") || "character"
  }.${ext}`;
