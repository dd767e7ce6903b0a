/** Where an Upgrade button can be pressed: the `from` of its analytics event (spec section 7). */
export const UPGRADE_PLACES = ["allowance", "composer", "memory", "saved-chats", "persona", "story", "new-story", "groups"] as const;
export type UpgradePlace = (typeof UPGRADE_PLACES)[number];
