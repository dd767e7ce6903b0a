/** Following creators (issue 64): the words of the Follow button, the counts and the Following page. */
export const FOLLOW_COPY = {
  follow: "Follow",
  following: "Following",
  unfollowLabel: (name: string) => `Unfollow ${name}`,
  followLabel: (name: string) => `Follow ${name}`,
  followers: (n: number) => (n === 1 ? "1 follower" : `${n.toLocaleString("en-US")} followers`),
  notYourself: "You can't follow yourself.",
  failed: "We couldn't change that just now. Please try again.",
  page: { title: "Following", intro: "New characters from the creators you follow, newest first." },
  empty: "You don't follow anyone yet. Follow a creator from their profile, and their new characters appear here.",
  suggestions: "Creators of characters you chatted with",
} as const;
