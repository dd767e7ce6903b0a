/** Reports and Mod Central: words and choices (issue 14; what the spec leaves open is ours, decision 021). */
export const REPORT_REASONS = {
  minor: "Minor or child-like",
  real_person: "Real person or celebrity",
  illegal: "Illegal content",
  tags: "Wrong tags or missing content warnings",
  spam: "Spam",
  other: "Other",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const RESOLVE_ACTIONS = {
  dismiss: "Dismiss",
  unpublish: "Make private",
  delete: "Delete",
  nsfw: "Mark thumbnail NSFW",
  tags: "Edit tags",
  lift: "Lift the takedown",
} as const;

/** A moderator's takedown of a character, part by part, each with the note the moderator wrote (decision 026). */
export type ModerationLock = { private?: string; nsfw?: string; tags?: string };

/** What an owner's appeal is called in Mod Central (it is a report the owner files about their own character). */
export const APPEAL_REASON = "Appeal by the owner";
export type ResolveAction = keyof typeof RESOLVE_ACTIONS;

export const MODERATION_LIMITS = { noteMax: 500, reasonMax: 500, queueMax: 100, auditPage: 50, searchMax: 20, reportsPerDay: 30 } as const;

export const MODERATION_MESSAGES = {
  reportSent: "Thanks. A moderator will look at it.",
  tooManyReports: "You have sent a lot of reports today. Thank you; please try again tomorrow.",
  removedMessage: "[This message was removed by a moderator.]",
  alreadyReported: "You have already reported this.",
  targetGone: "That is not there any more.",
  pickReason: "Pick a reason.",
  noteTooLong: `Keep the note under ${MODERATION_LIMITS.noteMax} characters.`,
  reasonRequired: "Write why (the user does not see it, other moderators do).",
  reportGone: "This report is not open any more.",
  onlyDismissOrDelete: "A message can only be dismissed or deleted.",
  userGone: "No such user.",
  cannotBanSelf: "You cannot ban yourself or the administrator.",
  onlyAdminBansModerators: "Only the administrator can ban a moderator.",
  onlyCharacters: "That action is for characters only.",
  notLocked: "Nothing of this character is held by a moderator.",
  pickTags: "Pick the character's tags.",
  appealSent: "Thanks. A moderator will look at your appeal.",
  appealTooLong: `Keep the appeal under ${MODERATION_LIMITS.noteMax} characters.`,
  appealRequired: "Say why the moderator's decision should change.",
  nothingToAppeal: "Nothing of this character is held by a moderator.",
  alreadyAppealed: "Your appeal is with the moderators already.",
  safetyRefused: (word: string) => `The safety check refused an edit of this character ("${word}").`,
} as const;

/** What the owner of a character under a moderator's takedown reads (edit page, errors). Not in the spec (decision 026). */
export const LOCK_COPY = {
  heading: "A moderator changed this character",
  private: "A moderator made it private. You cannot publish it again unless a moderator lifts this.",
  nsfw: "A moderator marked its thumbnail NSFW. It stays marked, and so will a new one.",
  tags: "A moderator set its tags. You cannot change them unless a moderator lifts this.",
  note: (note: string) => `The moderator's note: ${note}`,
  appeal: "Appeal",
  appealLabel: "Why should this change?",
  appealSend: "Send appeal",
  appealed: "Your appeal is with the moderators.",
  refusedPublish: "A moderator made this character private, so it cannot be published. You can appeal on its edit page.",
  refusedTags: "A moderator set this character's tags, so they cannot be changed. You can appeal on its edit page.",
  refusedNsfw: "A moderator marked this character's thumbnail NSFW, so it stays marked. You can appeal on its edit page.",
} as const;

export const MOD_CENTRAL_COPY = {
  title: "Mod Central",
  description: "Reports, the safety queue, users and the moderation log.",
  queue: "Queue",
  users: "Users",
  audit: "Audit log",
  emptyQueue: "No open reports. All clear.",
  searchLabel: "Find a user by email, name or id",
  noUsers: "No user matches.",
  banned: "Banned",
  ban: "Ban",
  unban: "Unban",
  banAuthor: "Ban the author",
  editTags: "Edit tags",
  reasonLabel: "Reason",
  noteLabel: "Note (optional)",
  reportTitle: "Report",
  reportCharacter: "Report this character",
  reportMessage: "Report this message",
  reportReview: "Report this review",
  send: "Send report",
} as const;

/** Mod Central's safety queue (issue 59): what the safety gate refused, withheld or held for review. */
export const SCREEN_QUEUE_COPY = {
  tab: "Safety",
  empty: "Nothing waiting. The safety gate has stopped nothing that needs a look.",
  repeatedTitle: "Accounts stopped several times in the last day",
  approve: "Approve",
  dismiss: "Keep refused",
  approveHelp: "Approve lets this text through for its author.",
  gone: "That item was already decided.",
  pickDecision: "Choose approve or dismiss.",
  sources: {
    classifier: "Refused by the classifier",
    withheld: "Withheld from a reply",
    pending: "Held: the classifier could not answer",
    offline: "Refused by the screen",
  },
} as const;

export const ANNOUNCEMENT_LIMITS = { titleMax: 120, linkMax: 500, authorMax: 60, blocksMax: 20, blockMax: 4000, imagesMax: 6 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: "Give the announcement a title.",
  titleTaken: "Another announcement has this title (it is the card's anchor); choose another.",
  linkInvalid: "The link must be a web address (https://...) or a path on this site (/...).",
  contentRequired: "Write at least one paragraph.",
  imageInvalid: "Pictures must be uploaded here first.",
  notFound: "This announcement is gone.",
  saved: "Announcement published",
  deleted: "Announcement deleted",
} as const;

export const ANNOUNCEMENT_COPY = {
  add: "New announcement",
  edit: "Edit",
  delete: "Delete",
  deleteConfirm: "Delete this announcement and its pictures?",
  title: "Title",
  link: "Link",
  author: "Author",
  date: "Date",
  content: "Content",
  contentHint: "Paragraphs are separated by a blank line. Markdown works; `a code span` is a spoiler; <:name:id> is a custom emoji.",
  pictures: "Pictures",
  addPictures: "Add pictures",
  removePicture: "Remove picture",
  publish: "Publish",
  save: "Save",
} as const;
