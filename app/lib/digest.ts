/**
 * Hashes, keyed hashes and random tokens as hex, on the Web Crypto API (Workers and browsers alike):
 * the one place the project turns bytes into hex and compares secrets.
 */

export const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

const encoder = new TextEncoder();

export const sha256Hex = async (text: string) => hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));

export async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/** `bytes` random bytes as hex. */
export const randomHex = (bytes: number) => hex(crypto.getRandomValues(new Uint8Array(bytes)));

/** Compares two strings in time that does not depend on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
