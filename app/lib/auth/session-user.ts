/** The signed-in person as a request knows them (read with the session, app/services/auth/session.server.ts). */
export type SessionUser = {
  id: string;
  name: string | null;
  email: string;
  image: string | null;
  tier: "FREE" | "SILVER" | "GOLD";
  isSubscriptionActive: boolean;
  isModerator: boolean;
  isBanned: boolean;
  /** What characters call the person (the profile's "What characters call you"), when they said. */
  nameKnownToBot: string | null;
  /** Notifications not read yet (issue 64), read with the session: the bell's count. */
  unreadNotifications?: number;
};
