import { CHARACTER_TAG_NAMES, GENDER_TAGS, WARNING_TAGS } from "~/spec/tags";
import { byName } from "~/spec/plain-text";

export const TAG_GROUPS = [
  { title: "Gender", tags: [...GENDER_TAGS].sort(byName) },
  {
    title: "Categories",
    tags: CHARACTER_TAG_NAMES.filter((t) => !(GENDER_TAGS as readonly string[]).includes(t) && !(WARNING_TAGS as readonly string[]).includes(t)).sort(byName),
  },
  { title: "Content warnings", tags: [...WARNING_TAGS].sort(byName) },
] as const;

/** Case-insensitive substring match; a tag that does not match is greyed out. */
export const matches = (tag: string, search: string) => !search || tag.toLowerCase().includes(search.trim().toLowerCase());
