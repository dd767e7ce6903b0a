/** The default persona is the one marked isDefault, otherwise the first (spec section 3). */
export function defaultPersona<T extends { isDefault: boolean }>(list: T[]): T | null {
  return list.find((p) => p.isDefault) ?? list[0] ?? null;
}

/** Who the person is in one character's chat: the persona they chose there while it exists, else their default. */
export function chatPersona<T extends { id: string; isDefault: boolean }>(list: T[], chosenId: string | null | undefined): T | null {
  return (chosenId ? list.find((p) => p.id === chosenId) : undefined) ?? defaultPersona(list);
}

/** The account's own words about the person (the profile): what characters call them, and their account persona. */
export type AccountSelf = { name: string | null; nameKnownToBot?: string | null; persona?: string | null };

/**
 * Who the person is to a character (issue 27): the persona they chat as (chosen for this chat, else
 * their default) wins; without one, the profile's "What characters call you" and account persona;
 * then their account name, then the spec's fallback.
 */
export function chatIdentity(persona: { name: string; persona: string } | null, self: AccountSelf, fallbackName: string) {
  return {
    name: persona?.name || self.nameKnownToBot?.trim() || self.name || fallbackName,
    persona: persona ? persona.persona : self.persona?.trim() || null,
  };
}
