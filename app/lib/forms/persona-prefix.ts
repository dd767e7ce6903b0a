import { LIMITS } from "~/spec/limits";
import { compose, type ScreenedText } from "~/lib/safety/screened";

/**
 * A character's persona is stored as "{name}'s Persona: " + text. The whole string holds 16,000 for
 * the character's own definition and the spec's 1000 for a person's own version (decision 032).
 */
export const personaPrefix = (name: string) => `${name}'s Persona: `;
/** The persona as stored: the prefix and the text, both screened (issue 59). */
export const storedPersona = (name: ScreenedText, persona: ScreenedText) => compose`${name}'s Persona: ${persona}`;
/** The text after the prefix: what people read and edit (a persona stored without it is returned whole). */
export const withoutPersonaPrefix = (persona: string, name: string) =>
  persona.startsWith(personaPrefix(name)) ? persona.slice(personaPrefix(name).length) : persona;
/** What a creator may type in a character's definition after the prefix (decision 032). */
export const personaRoom = (name: string) => LIMITS.characterDefinitionMax - personaPrefix(name).length;

/**
 * The most a premium person's own version of a character's persona may hold, prefix included:
 * the spec's 1000, or the character's own definition when that is longer, so nobody has to cut a
 * long card to make it theirs (decision 032).
 */
export const personaOverrideMax = (characterPersona: string) => Math.max(LIMITS.personaMax, characterPersona.length);
