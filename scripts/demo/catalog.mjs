// The demo catalog: every demo character (three files, written by hand for this project), the
// creators who made them, and how much each one is used. Deterministic, so reseeding changes nothing.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"));

/** Stable ids for demo rows, so reruns update instead of duplicating. */
export function demoId(kind, key) {
  const digest = createHash("sha256").update(`${kind}:${key}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += "0123456789abcdefghijklmnopqrstuvwxyz"[digest[i] % 36];
  return id;
}

/** A number in [0, 1) that only depends on the text. */
export const unit = (text) => createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;

/** What the portrait shows: a robot, a beast, a monster or a person (from the card, else its tags). */
export function portraitKind(c) {
  if (c.kind) return c.kind;
  if (c.tags.includes("Robot")) return "robot";
  if (c.tags.includes("Furry")) return "beast";
  if (c.tags.includes("Monster")) return "monster";
  return "human";
}

export const CREATORS = read("creators.json").map((c, i) => ({
  ...c,
  id: demoId("creator", c.slug),
  email: `${c.slug}@creators.reverie.example`,
  tier: ["FREE", "SILVER", "GOLD"][i % 3],
}));

/** People who chat with and vote for the demo characters (their chats are private, like anyone's). */
export const READER_COUNT = 127;
export const readerId = (n) => `demoreader${String(n).padStart(3, "0")}`;
const READER_NAMES = ["Ash", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lux", "Max", "Nia", "Oz", "Pip"];
export const READERS = Array.from({ length: READER_COUNT }, (_, n) => ({
  id: readerId(n),
  email: `reader-${String(n).padStart(3, "0")}@readers.reverie.example`,
  name: `${READER_NAMES[n % READER_NAMES.length]} ${String.fromCharCode(65 + (n % 26))}.`,
}));

/**
 * Every demo character with its place in the catalogue: `released` (newest first, mixed across
 * files) and its activity. Popularity falls off with rank the way it does on real catalogues: a few
 * characters get most of the chats. Upvotes and favourites are a share of the chats, so the numbers
 * agree with each other.
 */
export function demoCharacters(now) {
  const all = [...read("characters.json"), ...read("characters-2.json"), ...read("characters-3.json")];
  const creators = new Map(CREATORS.map((c) => [c.slug, c]));
  const byRelease = [...all].sort((a, b) => unit(`release:${a.slug}`) - unit(`release:${b.slug}`));
  const byPopularity = [...all].sort((a, b) => unit(`popular:${a.slug}`) - unit(`popular:${b.slug}`));
  const rank = new Map(byPopularity.map((c, i) => [c.slug, i]));
  return byRelease.map((c, i) => {
    const jitter = unit(`jitter:${c.slug}`);
    const chats = Math.round(180 / (1 + rank.get(c.slug) / 6) + jitter * 6) + 2;
    const upvotes = Math.min(READER_COUNT, Math.round(chats * (0.15 + 0.2 * unit(`up:${c.slug}`))));
    const favorites = Math.round(upvotes * (0.3 + 0.3 * unit(`fav:${c.slug}`)));
    const creator = creators.get(c.creator);
    if (!creator) throw new Error(`${c.slug}: unknown creator ${c.creator}`);
    return {
      ...c,
      id: demoId("character", c.slug),
      authorId: creator.id,
      kind: portraitKind(c),
      released: now - (i + 1) * 30 * 3_600_000 - Math.round(jitter * 3_600_000),
      chats,
      upvotes,
      favorites,
    };
  });
}
