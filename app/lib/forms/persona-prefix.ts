import { LIMITS } from "~/spec/limits";

/** The persona is stored as "{name}'s Persona: " + text; the whole string is at most 1000 (spec section 5). */
export const personaPrefix = (name: string) => `${name}'s Persona: `;
export const personaRoom = (name: string) => LIMITS.personaMax - personaPrefix(name).length;
