/** Demo accounts, one per role and tier. Sign in as any of them by email (the code arrives in /dev/outbox). */
export const DEMO_USERS = [
  { id: "demofree00000000", email: "free@example.com", name: "Fern Free", tier: "FREE", persona: { name: "Fern", text: "A curious traveller who asks a lot of questions." } },
  { id: "demosilver000000", email: "silver@example.com", name: "Sil Silver", tier: "SILVER", active: true, persona: { name: "Sil", text: "A witty bard with a soft spot for sad songs." } },
  { id: "demogold00000000", email: "gold@example.com", name: "Goldie", tier: "GOLD", active: true, persona: { name: "Goldie", text: "A confident explorer who never backs down from a dare." } },
  { id: "demopremium00000", email: "premium@example.com", name: "Priya Premium", tier: "GOLD", active: true, persona: { name: "Priya", text: "A calm strategist who thinks three moves ahead." } },
  { id: "demomod000000000", email: "mod@example.com", name: "Morgan Moderator", tier: "FREE", moderator: true, persona: { name: "Morgan", text: "A patient librarian who knows every rule by heart." } },
  { id: "admin00000000000", email: "admin@example.com", name: "Ada Admin", tier: "GOLD", active: true, moderator: true, persona: { name: "Ada", text: "The night-shift engineer who keeps the lights on." } },
  { id: "demobanned000000", email: "banned@example.com", name: "Barry Banned", tier: "FREE", banned: true, persona: { name: "Barry", text: "Someone who broke the rules." } },
];
