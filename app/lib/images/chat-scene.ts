/**
 * Prompts for pictures made in a chat (spec section 3, image mode): Prompt uses the character's image
 * prompt alone, Mix adds the scene of the latest reply, Chat uses the scene the text model draws from
 * the conversation. Pure, so tests and the offline path share it.
 */
import type { ImageModel } from "~/spec/images";

/** Words in a prompt that make a picture NSFW (blurred under Safe Images). */
const NSFW_WORDS = /\b(nsfw|nude|naked|topless|explicit|sex|sexy|lewd|lingerie|underwear|erotic|bdsm)\b/i;
export const looksNsfw = (prompt: string) => NSFW_WORDS.test(prompt);

type Character = { name: string; imagePrompt: string | null; tags: string[] };

/** Who the character is, for a picture: their image prompt, else their name and what their tags say they look like. */
export function characterPrompt(character: Character) {
  if (character.imagePrompt?.trim()) return character.imagePrompt.trim();
  const looks = [
    character.tags.includes("Female") ? "a woman" : character.tags.includes("Male") ? "a man" : "a person",
    character.tags.includes("Robot") ? "android" : "",
    character.tags.includes("Furry") ? "furry" : "",
    character.tags.includes("Monster") ? "monster" : "",
  ].filter(Boolean);
  return `${character.name}, ${looks.join(", ")}`;
}

/**
 * The scene of a message: its *actions* (what happens, not what is said), else its first sentence,
 * without placeholders or markup, at most 300 characters.
 */
export function sceneOf(text: string) {
  const actions = [...text.matchAll(/\*([^*\n]{3,})\*/g)].map((m) => m[1].trim());
  const base = actions.length ? actions.join(", ") : (text.replace(/["“”]/g, "").split(/(?<=[.!?])\s/)[0] ?? "");
  return base
    .replace(/\{\{?(user|char|userName|characterName)\}?\}/gi, "")
    .replace(/[*_`#>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** What the text model is asked in the Chat mode: a short picture prompt of the current scene. */
export const SCENE_INSTRUCTION =
  "Describe the current scene of this roleplay as a short prompt for an image generator: who is there, what they look like and do, and where. Comma-separated keywords, at most 60 words, no dialogue.";

export const imageModelFor = (imageStyle: string): ImageModel => (imageStyle === "Realistic" ? "realistic" : "anime");

/** The prompt for a picture in Prompt or Mix mode (Chat mode's scene comes from the text model). */
export function modePrompt(mode: "Prompt" | "Mix", character: Character, reply: string) {
  const who = characterPrompt(character);
  if (mode === "Prompt") return who;
  const scene = sceneOf(reply);
  return scene ? `${who}, ${scene}` : who;
}
