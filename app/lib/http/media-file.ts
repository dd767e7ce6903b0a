/**
 * Whose a file in R2 is, from its key (decision 026): announcement pictures are everyone's; a
 * picture is its maker's (shared or not); speech is the person's it was made for (`speech/<userId>-…`);
 * thumbnails and voice samples are their character's (`<folder>/<characterId>-…`). Null when the
 * key names nothing we keep.
 */
export type MediaFile =
  | { kind: "announcement" }
  | { kind: "picture"; userId: string; shared: boolean }
  | { kind: "speech"; userId: string }
  | { kind: "character"; userId: string | null; isPublic: boolean };
