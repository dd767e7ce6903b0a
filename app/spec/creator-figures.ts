/**
 * The Creator Hub's dashboard (issue 64): its periods and figures. Each figure is worked out from a
 * day's (or a period's) sums, so the charts, the totals and the change read the same numbers.
 */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/** What character_daily keeps for a day, or adds up for a period. */
export type FigureSums = {
  impressions: number;
  opens: number;
  chats: number;
  messages: number;
  chatters: number;
  returned: number;
  upvotes: number;
  favorites: number;
  ratings: number;
  ratingSum: number;
};
export const SUM_KEYS = ["impressions", "opens", "chats", "messages", "chatters", "returned", "upvotes", "favorites", "ratings", "ratingSum"] as const;
export const emptySums = (): FigureSums => ({
  impressions: 0,
  opens: 0,
  chats: 0,
  messages: 0,
  chatters: 0,
  returned: 0,
  upvotes: 0,
  favorites: 0,
  ratings: 0,
  ratingSum: 0,
});

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10) / 10 : null);

export const FIGURES = [
  { key: "impressions", label: "Impressions", help: "Times a card was shown in a listing", value: (s: FigureSums) => s.impressions },
  { key: "opens", label: "Detail opens", help: "Times the details were opened", value: (s: FigureSums) => s.opens },
  { key: "chats", label: "Chats started", help: "New chats people started", value: (s: FigureSums) => s.chats },
  { key: "messages", label: "Messages", help: "Messages sent and written in those chats", value: (s: FigureSums) => s.messages },
  { key: "chatters", label: "Chatters", help: "People who sent a message, each counted once a day", value: (s: FigureSums) => s.chatters },
  { key: "returned", label: "Returning chatters", help: "Chatters who had also chatted on an earlier day", value: (s: FigureSums) => s.returned },
  { key: "depth", label: "Average chat depth", help: "Messages per chat started", value: (s: FigureSums) => ratio(s.messages, s.chats) },
  { key: "upvotes", label: "Upvotes", help: "Upvotes given", value: (s: FigureSums) => s.upvotes },
  { key: "favorites", label: "Favourites", help: "Times added to favourites", value: (s: FigureSums) => s.favorites },
  { key: "rating", label: "Average rating", help: "Of the ratings given (1 to 5)", value: (s: FigureSums) => ratio(s.ratingSum, s.ratings) },
] as const;
export type FigureKey = (typeof FIGURES)[number]["key"];

/** The change against the previous period: "+12%", "−3%", "new" (nothing before), or "no change". */
export function changeOf(now: number | null, before: number | null) {
  if (now === null || before === null) return now !== null && before === null ? "new" : "–";
  if (before === 0) return now === 0 ? "no change" : "new";
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? "no change" : `${pct > 0 ? "+" : "−"}${Math.abs(pct)}%`;
}

/** The change as a sentence under a figure. */
export function changeNote(now: number | null, before: number | null, days: number) {
  const change = changeOf(now, before);
  if (change === "–") return "";
  if (change === "new") return `None in the ${days} days before.`;
  if (change === "no change") return `The same as the ${days} days before.`;
  return `${change} against the ${days} days before.`;
}

export const DASHBOARD_COPY = {
  heading: "Your figures",
  period: (days: number) => `${days} days`,
  periodLabel: "Period",
  characterLabel: "Character",
  allCharacters: "All your characters",
  perCharacter: "By character",
  noFigures: "No activity in this period yet. Figures appear as people see and chat with your characters.",
} as const;
