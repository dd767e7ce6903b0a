import type { ScreenMode } from "./screen";

/**
 * Every field whose text the one gate screens (issue 59), with how it is read and what Mod Central
 * calls it. `identity` fields say what a character or a persona is: a minor there is refused whatever
 * the context. Pure: forms in the browser read the modes too.
 */
export const SCREEN_FIELDS = {
  "character.name": { mode: "identity", label: "Character name" },
  "character.description": { mode: "identity", label: "Character description" },
  "character.persona": { mode: "identity", label: "Character persona" },
  "character.greeting": { mode: "identity", label: "Character greeting" },
  "character.scenario": { mode: "identity", label: "Character scenario" },
  "character.exampleDialogue": { mode: "identity", label: "Example dialogue" },
  "character.authorNotes": { mode: "content", label: "Author notes" },
  "character.imagePrompt": { mode: "identity", label: "Image prompt" },
  "character.card": { mode: "identity", label: "Card fields and lorebook" },
  "persona.name": { mode: "identity", label: "Persona name" },
  "persona.text": { mode: "identity", label: "Persona" },
  "profile.name": { mode: "identity", label: "Display name" },
  "profile.description": { mode: "identity", label: "Profile description" },
  "profile.persona": { mode: "identity", label: "Account persona" },
  "profile.nameKnownToBot": { mode: "identity", label: "Name characters call you" },
  "chat.message": { mode: "content", label: "Chat message" },
  "chat.systemPrompt": { mode: "content", label: "Custom system prompt" },
  "chat.title": { mode: "content", label: "Chat title" },
  "chat.persona": { mode: "identity", label: "Character persona for a chat" },
  "chat.import": { mode: "content", label: "Imported chat" },
  "memory.pin": { mode: "content", label: "Memory" },
  "memory.summary": { mode: "content", label: "Chat summary" },
  "group.name": { mode: "content", label: "Group name" },
  "group.scenario": { mode: "identity", label: "Group scenario" },
  "story.title": { mode: "content", label: "Story title" },
  "story.premise": { mode: "identity", label: "Story premise" },
  "story.action": { mode: "content", label: "Story action" },
  "story.passage": { mode: "content", label: "Story passage" },
  // A picture shows what its prompt names: a minor in it is refused whatever else it says.
  "image.prompt": { mode: "identity", label: "Picture prompt" },
  "review.text": { mode: "content", label: "Character review" },
  "review.reply": { mode: "content", label: "Creator's reply to a review" },
  announcement: { mode: "content", label: "Announcement" },
  reply: { mode: "content", label: "Character reply" },
} as const satisfies Record<string, { mode: ScreenMode; label: string }>;

export type ScreenField = keyof typeof SCREEN_FIELDS;

export const modeOf = (field: ScreenField): ScreenMode => SCREEN_FIELDS[field].mode;
