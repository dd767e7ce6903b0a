import type { Tier } from "~/spec/tiers";
import { GROUPS_BY_TIER } from "~/spec/groups";
import { MEMORY_PINS_BY_TIER } from "~/spec/limits";
import { MODELS_BY_TIER } from "~/spec/models";

export type PricingTier = { tier: Tier; tagline: string; features: string[] };

const listModels = (tier: Tier) => MODELS_BY_TIER[tier].join(", ").replace(/, ([^,]*)$/, " and $1");

/**
 * What each tier really gets: the models come from the model gating (spec/models.ts), the allowance
 * from configuration. Only what works today is listed.
 */
export function pricingTiers(allowance: {
  size: number;
  periodHours: number;
  pictures: Record<Tier, number>;
  callMinutes: Record<Tier, number>;
}): PricingTier[] {
  const memories = (tier: Tier) => `Chat memory: ${MEMORY_PINS_BY_TIER[tier]} things each character remembers of each chat`;
  const groups = (tier: Tier) => `Group chats: keep ${GROUPS_BY_TIER[tier]} groups of two to five characters`;
  const calls = (tier: Tier) => `${allowance.callMinutes[tier]} minutes of voice calls with characters every ${allowance.periodHours} hours`;
  const pictures = (tier: Tier) => `${allowance.pictures[tier]} pictures every ${allowance.periodHours} hours, in the image playground and in chat`;
  return [
    {
      tier: "FREE",
      tagline: "Everything you need to start chatting.",
      features: [
        "Chat with every public character",
        `Two chat models: ${listModels("FREE")}`,
        `${allowance.size} messages, refilled every ${allowance.periodHours} hours`,
        pictures("FREE"),
        `${calls("FREE")} (each turn you speak is a message)`,
        memories("FREE"),
        "Story Mode: interactive stories with up to three characters (each turn is a message)",
        `${groups("FREE")} (each reply is a message)`,
        "Create and publish your own characters, with lorebooks",
        "Personas: choose who you are in each chat",
        "Character voices, read aloud in your browser",
        "Upvote and favorite characters",
        "Excluded tags, excluded content and Safe Images",
      ],
    },
    {
      tier: "SILVER",
      tagline: "Chat as much as you like, your way.",
      features: [
        "Everything in FREE",
        "No message limit",
        `All four chat models: ${listModels("SILVER")}`,
        pictures("SILVER"),
        calls("SILVER"),
        memories("SILVER"),
        groups("SILVER"),
        "Edit any character's persona for your own chats",
      ],
    },
    {
      tier: "GOLD",
      tagline: "The complete Reverie experience.",
      features: [
        "Everything in SILVER",
        pictures("GOLD"),
        calls("GOLD"),
        memories("GOLD"),
        groups("GOLD"),
        "Saved chats: several separate chats with each character",
        "Start a new chat from a copy of the current one",
      ],
    },
  ];
}

export const PRICING_NOTE: string =
  "Subscriptions are billed and managed through Patreon. After subscribing, connect your Patreon email on your account page to unlock your tier.";
