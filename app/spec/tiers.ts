/** Account tiers (spec sections 1 and 9); GOLD is the top paid tier. */
export const TIERS = ["FREE", "SILVER", "GOLD"] as const;
export type Tier = (typeof TIERS)[number];
