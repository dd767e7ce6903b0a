/** Ratings and reviews of public characters (issue 64): limits and words. Not in the product spec: ours. */
export const REVIEW_LIMITS = {
  /** Messages a person must have written to a character before rating it: drive-by ratings stay out. */
  minMessages: 5,
  textMax: 1000,
  replyMax: 1000,
  pageSize: 10,
} as const;

export const REVIEW_COPY = {
  heading: "Ratings and reviews",
  average: (average: number, count: number) =>
    count === 0 ? "No ratings yet" : `${average.toFixed(1)} out of 5 from ${count.toLocaleString("en-US")} ${count === 1 ? "rating" : "ratings"}`,
  stars: (n: number) => `${n} ${n === 1 ? "star" : "stars"}`,
  yourReview: "Your review",
  rateLabel: "Your rating",
  textLabel: "Review (optional)",
  textPlaceholder: "What did you like? What could be better?",
  save: "Save review",
  update: "Update review",
  remove: "Delete my review",
  saved: "Thanks! Your review is saved.",
  removed: "Your review is deleted.",
  pickRating: "Pick a rating from 1 to 5 stars.",
  textTooLong: `Keep the review under ${REVIEW_LIMITS.textMax.toLocaleString("en-US")} characters.`,
  replyTooLong: `Keep the reply under ${REVIEW_LIMITS.replyMax.toLocaleString("en-US")} characters.`,
  replyRequired: "Write a reply first.",
  notYet: (name: string, sent: number) =>
    `Chat with ${name} a little first: you can rate a character after ${REVIEW_LIMITS.minMessages} messages (you have sent ${sent}).`,
  notYetShort: `You can rate a character after sending it ${REVIEW_LIMITS.minMessages} messages.`,
  ownCharacter: "You can't rate your own character.",
  cannotRateAgain: "A moderator removed your review of this character, so you can't rate it again.",
  onlyPublic: "Only public characters can be rated.",
  notFound: "That review is not there any more.",
  alreadyReplied: "You have already replied to this review.",
  onlyCreator: "Only the character's creator can reply to its reviews.",
  reply: "Reply",
  replyLabel: "Your reply",
  sendReply: "Send reply",
  creatorReply: (name: string) => `Reply from ${name}`,
  report: "Report",
  removeByModerator: "Remove",
  removeReason: "Why remove this review? (the author does not see it)",
  removedByModerator: "The review is removed.",
  none: "No reviews yet. People who chat with this character can rate it.",
  more: "More reviews",
  signInToRate: "Sign in and chat with this character to rate it.",
} as const;
