/** The bell in the header (issue 64): its words. Not in the product spec: ours. */
const MODERATION_DID: Record<string, string> = {
  unpublish: "made it private",
  nsfw: "marked its thumbnail NSFW",
  tags: "changed its tags",
  delete: "deleted it",
  lift: "lifted their changes to it",
};

export const NOTIFICATION_COPY = {
  heading: "Notifications",
  bellLabel: (unread: number) => (unread ? `Notifications, ${unread} unread` : "Notifications"),
  more: "Show older",
  empty: "Nothing yet. Reviews of your characters, replies to your reviews, new characters from creators you follow and moderators' decisions show here.",
  failed: "We couldn't load your notifications. Please try again.",
  text: (n: { kind: string; actorName: string | null; label: string; detail: string | null }) => {
    const who = n.actorName ?? "Someone";
    if (n.kind === "review") return `${who} rated ${n.label} ${n.detail ?? "?"} ${n.detail === "1" ? "star" : "stars"}.`;
    if (n.kind === "reply") return `${who} replied to your review of ${n.label}.`;
    if (n.kind === "new_character") return `${who} published a new character: ${n.label}.`;
    return `A moderator ${MODERATION_DID[n.detail ?? ""] ?? "reviewed it"}: ${n.label}.`;
  },
  /** Where a notification leads: the character, or its edit page for a moderator's decision; nowhere once deleted. */
  href: (n: { kind: string; characterId: string | null; detail: string | null }) => {
    if (!n.characterId || (n.kind === "moderation" && n.detail === "delete")) return null;
    return n.kind === "moderation" ? `/characters/${n.characterId}/edit` : `/characters/chat/${n.characterId}`;
  },
} as const;
