/** The default persona is the one marked isDefault, otherwise the first (spec section 3). */
export function defaultPersona<T extends { isDefault: boolean }>(list: T[]): T | null {
  return list.find((p) => p.isDefault) ?? list[0] ?? null;
}

/** Who the person is in one character's chat: the persona they chose there while it exists, else their default. */
export function chatPersona<T extends { id: string; isDefault: boolean }>(list: T[], chosenId: string | null | undefined): T | null {
  return (chosenId ? list.find((p) => p.id === chosenId) : undefined) ?? defaultPersona(list);
}
