/**
 * Builds the lexicon's word lists: whole words and phrases, as one expression (issue 59). Pure: the browser shares it.
 */
/** A pattern source matched as whole words. */
export const words = (...list: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.join("|")})(?![\\p{L}\\p{N}])`, "u");
