const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
export const ID_LENGTH = 16;
/**
 * Every id the app issues: createId's 16 characters, and the shorter fixed ids the demo seed gives its
 * readers (`demoreader007`). Only the alphabet and a sane length are checked, never one exact length.
 */
const ID_PATTERN = /^[0-9a-z]{8,32}$/;

/** An opaque, non-sequential id (16 base-36 characters, about 82 bits), so private rows cannot be walked. */
export function createId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  let id = "";
  for (const b of bytes) id += ALPHABET[b % 36];
  return id;
}

/** True when a value from a URL has the shape of our ids; anything else is a 404, not a query. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
