export type PricingTier = { tier: "FREE" | "SILVER" | "GOLD"; tagline: string; features: string[]; highlight?: boolean };

export const PRICING_TIERS: PricingTier[] = [
  {
    tier: "FREE",
    tagline: "Everything you need to start chatting.",
    features: [
      "Chat with every public character",
      "Two chat models: Lightning (fast) and Mage (balanced)",
      "A daily message allowance that resets (see 'Resets at' on your account page)",
      "Create and publish your own characters",
      "Create personas and choose who you chat as",
      "Story mode and the image playground",
      "Character voices",
      "Upvote and favorite characters",
      "Excluded tags, excluded content and Safe Images",
    ],
  },
  {
    tier: "SILVER",
    tagline: "Chat as much as you like, your way.",
    features: [
      "Everything in FREE",
      "No message allowance limit",
      "Edit any character's persona just for your own chats",
      "All four chat models: Mage, Witch, Succubus and Lightning",
      "Support Reverie's development",
    ],
  },
  {
    tier: "GOLD",
    tagline: "The complete Reverie experience.",
    features: [
      "Everything in SILVER",
      "Saved chats: keep multiple chats per character",
      "Load, create, rename and delete saved chats",
      "Start a new chat from a copy of your current conversation",
      "Our top tier",
    ],
    highlight: true,
  },
];

export const PRICING_NOTE: string =
  "Subscriptions are billed and managed through Patreon. After subscribing, connect your Patreon email on your account page to unlock your tier.";
