/** The default persona is the one marked isDefault, otherwise the first (spec section 3). */
export function defaultPersona<T extends { isDefault: boolean }>(list: T[]): T | null {
  return list.find((p) => p.isDefault) ?? list[0] ?? null;
}
