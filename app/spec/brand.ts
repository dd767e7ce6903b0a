/** The brand, set in one place. */
export const BRAND = "Reverie";
export const BRAND_TAGLINE = "AI characters with a story to tell";
