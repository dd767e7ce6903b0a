/** Longest `?latest=` a conversation's GET takes; more reads the whole branch with `all` (latest-query.ts). Apart, so the browser reads it without zod. */
export const LATEST_MAX = 500;
