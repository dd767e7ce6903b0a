import { CHAT_IMPORT_LIMITS, LIMITS } from "./limits";
import { formatCount } from "~/spec/plain-text";

/** User-facing messages quoted from spec sections 2, 5 and 8. */
export const MESSAGES = {
  signIn: {
    heading: "Sign In",
    intro: "Enter your email, and we'll send a magic link to your inbox. Our sign in process is passwordless.",
    emailLabel: "Email",
    continue: "Continue",
    or: "OR",
    google: "Continue with Google",
    discord: "Continue with Discord",
    patreon: "Continue with Patreon",
    /** The FAQ's sentence on the other ways in: only those this deployment offers, none when it offers none. */
    otherWays: (labels: string[]) =>
      labels.length ? `You can also choose ${labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels[0]}.` : "",
  },
  account: {
    notSignedIn: "Not signed in",
    loading: "Loading...",
    deleting: "Your account is being deleted. Please don't close or refresh this page.",
    deleteFailed: (email: string) => `Couldn't delete your account. Please contact me at ${email}`,
    deleted: "Account deleted",
    loggingOutSoon: "You will be logged out in a few seconds.",
    /** A heavy account's deletion, as it goes (not in the spec; decision 026). */
    deletionProgress: (deleted: number, total: number) => `${formatCount(deleted)} of ${formatCount(total)} files deleted…`,
    nameStartsWithSpace: "Name cannot start with a space.",
    unsavedChanges: "You have unsaved changes",
    tagsUpdated: "Tags have been updated.",
    contentTagsUpdated: "Content tags have been updated.",
    profileUpdated: "Your profile has been updated.",
    patreonCodeSent: "Code sent to your Patreon email",
    connected: "Connected!",
    personaHint: "Keep it short and simple. (Max 50 characters)",
    resetsAt: "Resets at",
  },
  persona: {
    tooLongTitle: "Persona too long",
    tooLong: "Please keep your persona under 1000 characters.",
    /** A long character's definition sets the room (decision 032). */
    tooLongFor: (max: number) => `Please keep your persona under ${max} characters.`,
    errorTitle: "Error updating persona",
    error: "There was an error updating your persona.",
    successTitle: "Persona updated",
    success: "Your persona has been updated.",
    /** Beside "Character Persona" when the viewer's chat uses their own version (issue 27). */
    yourVersion: "Your version",
    createYourPersona: "Create your Persona",
    /** Not in the spec: the picker applies to one character's chat (issue 24); these say so. */
    isYourDefault: "Your default persona, used in every chat where you have not picked another.",
    thisChatOnly: (defaultName: string) => `For this chat only. Your default is ${defaultName}.`,
    makeThisDefault: "Make this my default",
    chatAsFailed: "Could not change who you're chatting as.",
  },
  model: {
    saveErrorTitle: "Error saving",
    saveError: "Could not save changes.",
    savedTitle: "Saved",
    saved: "Model and response length updated. Reloading...",
    resetErrorTitle: "Error resetting",
    resetError: "Could not reset to defaults.",
    resetTitle: "Reset",
    reset: "Reverted to defaults.",
  },
  character: {
    upvoteError: "Could not update upvote.",
    favoriteError: "Could not update favorites.",
    noAuthorNotes: "No author notes available.",
    notAvailable: "N/A",
    unknownAuthor: "Unknown",
    detailsSubtitle: "Character overview and chat settings",
  },
  savedChats: {
    oopsTitle: "Oops!",
    goldOnly: "This feature is only available for GOLD users.",
    upgrade: "Upgrade to Gold to load multiple chats and more!",
    titleRequired: "Please enter a title for the new chat",
    selectToUpdate: "Please select a chat to update",
    newTitleRequired: "Please enter a new title for the chat",
    selectToDelete: "Please select a chat to delete",
    makeItYours: "Make it yours",
    failedDefault: "Failed to make persona default",
    failedVoice: "Failed to update voice",
    failedCreate: "Failed to create new chat",
    failedUpdate: "Failed to update chat",
    failedDelete: "Failed to delete chat",
    failedFetch: "Failed to fetch chats",
    deleteWarning: "Its messages are deleted for good. Your other chats with this character stay.",
  },
  generic: {
    errorTitle: "Error",
    somethingWentWrong: "Something went wrong.",
    urlCopiedTitle: "URL copied to clipboard",
    urlCopied: "Share this link with others",
  },
} as const;

/** The one content-safety refusal (spec section 5 lists the words; where and how to say it is ours). */
export const SAFETY_MESSAGE = (hit: string) => `"${hit}" is not allowed. Characters must be adults, and our rules forbid this content (see /rules).`;

/** The safety gate's other answers (issue 59, decision 082). */
export const SCREEN_MESSAGES = {
  /** The classifier refused a text the offline screen passed (it names no words). */
  refused: "This text is not allowed. Characters must be adults, and our rules forbid this content (see /rules).",
  /** The classifier could not check the text: it is kept for a moderator, and the person keeps it too. */
  pending:
    "We couldn't check this text just now, so it is waiting for a moderator. Nothing was lost: your text is still here, and you can send it again in a little while.",
  /** Past the day's budget of texts sent to the classifier. */
  budget: "You have sent a great deal of text to be checked today. Please try again tomorrow.",
} as const;

/** Sharing (spec sections 2 and 8). */
export const SHARE_MESSAGES = {
  shareThisLink: "Share this link",
} as const;

/** Queued jobs (spec section 4). */
export const JOB_MESSAGES = {
  tooLong: "This is taking too long. Try again in a moment.",
  /** What a job that failed for a reason of ours says, by type (the reason goes to the log only). */
  failed: "That could not be done. Please try again.",
  deletionFailed: "Your account could not be deleted completely. Please try again, or contact support.",
  voiceFailed: "The voice could not be made.",
  pressPlayAgain: "Press Play again to listen.",
  voiceTitle: "Voice",
  browserCannotSpeak: "This browser cannot speak text aloud.",
  speechServerAnswered: (status: number) => `The speech server answered ${status}.`,
  speechServerSilent: "The speech server sent no audio.",
} as const;

/** The personas page's own words. */
export const PERSONA_PAGE = {
  created: "Persona created",
  deleted: "Persona deleted",
} as const;

/** The client log beacon. */
export const LOG_MESSAGES = {
  tooLarge: "Log entry too large (at most 8 KB).",
  notJson: "The log entry must be JSON with level, code and details.",
} as const;

/** The account API's answers (personas, profile, tags, membership). */
export const ACCOUNT_MESSAGES = {
  personaNotFound: "Persona not found",
  tooManyPersonas: (max: number) => `You can have at most ${max} personas.`,
  unknownTags: (names: string[]) => `Unknown tag: ${names.join(", ")}`,
  accountNotFound: "Account not found",
  onlyOwnAccount: "You can only delete your own account.",
  userNotFound: "User not found",
  onlyOwnSite: "Only links to this site can be shortened.",
  jobNotFound: "Job not found",
  webhooksOff: "Patreon webhooks are not configured on this server.",
  invalidSignature: "Invalid signature.",
  unsupportedEvent: (event: string | null) => `Unsupported event: ${event ?? "none"}`,
  webhookNotJson: "The body must be JSON.",
  notMemberPayload: "The body is not a Patreon member payload.",
  banned: (supportEmail: string) => `Your account has been banned. If you think this is a mistake, contact support at ${supportEmail}.`,
  profileNotFound: "Profile not found",
  linkNotFound: "This link does not exist.",
} as const;

/** The first sign-in's welcome step (ours; issue 24). */
export const WELCOME_MESSAGES = {
  title: "Welcome to Reverie",
  intro: "One quick thing before you chat. You can change it any time on your Account and Personas pages.",
  nameLabel: "What should characters call you?",
  personaLabel: "A few words about you (optional)",
  personaHint: "Characters read this as your persona: how you look, who you are, what you're into.",
  personaPlaceholder: "A night-shift nurse who collects old maps and laughs too loud.",
  save: "Save and start",
  skip: "Skip for now",
  saved: (name: string) => `Nice to meet you, ${name}`,
  savedPersona: "Your persona is saved as your default.",
  nameOrSkip: "Tell us what characters should call you, or skip this step.",
  send: "Send { name, persona? } or { skip: true }.",
} as const;

/** The account forms' checks (lib/forms/account.ts), the same in the browser and the API. */
export const ACCOUNT_FORM_MESSAGES = {
  nameTooLong: (max: number) => `Name can be at most ${max} characters.`,
  descriptionTooLong: (max: number) => `Description can be at most ${max} characters.`,
  personaTooLong: (max: number) => `Persona can be at most ${max} characters.`,
  nameKnownToBotTooLong: (max: number) => `The name the bot knows can be at most ${max} characters.`,
  onlyProfileFields: "Only name, description, persona and nameKnownToBot can be changed.",
  nothingToUpdate: "Nothing to update.",
  tooManyTags: "Too many tags.",
  patreonEmailTooLong: (max: number) => `The Patreon email can be at most ${max} characters.`,
  invalidEmail: "Enter a valid email address.",
  codeFormat: "The code is the 6 digits from the email.",
  personaNameRequired: "Give your persona a name.",
  personaRequired: "Describe your persona.",
} as const;

/** Preferences (POST /api/preference): what was wrong with `{ key, value }`. */
export const PREFERENCE_MESSAGES = {
  sendKeyAndValue: "Send a JSON object with a key and a value.",
  unknownKey: (key: string) => `Unknown preference "${key}".`,
  invalidValue: (key: string, why: string) => `Invalid value for ${key}: ${why}.`,
  notAllowed: "not allowed",
} as const;

/** Characters: the API's answers and the form's checks. */
export const CHARACTER_MESSAGES = {
  notFound: "Character not found",
  onlyCreator: "Only the character's creator can change it.",
  categoryNotFound: "Category not found",
  nameRequired: "Give your character a name.",
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  tooManyGreetings: (max: number) => `At most ${max} alternate greetings.`,
  tooManyTags: (max: number) => `At most ${max} tags.`,
  unknownTag: "Unknown tag.",
  unknownContentTag: "Unknown content tag.",
  unknownVoice: "Unknown voice.",
  unknownModel: "Unknown model.",
  extrasTooLarge: "The card's extra data (lorebook, extensions) is larger than 300 KB.",
  unsafeLoreEntry: (index: number, name: string, why: string) => `Lorebook entry ${index + 1}${name ? ` ("${name}")` : ""} can't be saved. ${why}`,
} as const;

/** The character form's fields as its checks name them (CHARACTER_MESSAGES.tooLong). */
export const CHARACTER_FIELD_NAMES = {
  name: "Name",
  description: "Description",
  persona: "Persona",
  greeting: "Greeting",
  alternateGreeting: "An alternate greeting",
  scenario: "Scenario",
  exampleDialogue: "Example dialogue",
  authorNotes: "Author notes",
  imagePrompt: "Image prompt",
  negativePrompt: "Negative prompt",
} as const;

const UPLOAD_KINDS = {
  thumbnail: { label: "Thumbnails", formats: "PNG, JPEG or WebP", mb: 5 },
  announcement: { label: "Announcement pictures", formats: "PNG, JPEG or WebP", mb: 5 },
  voice: { label: "Voice samples", formats: "MP3, WAV or OGG", mb: 2 },
} as const;

/** Uploads: thumbnails and voice samples, checked by their bytes. */
export const UPLOAD_MESSAGES = {
  chooseFile: "Choose a file to upload.",
  tooLarge: (kind: keyof typeof UPLOAD_KINDS) => `${UPLOAD_KINDS[kind].label} can be at most ${UPLOAD_KINDS[kind].mb} MB.`,
  wrongFormat: (kind: keyof typeof UPLOAD_KINDS) => `${UPLOAD_KINDS[kind].label} must be ${UPLOAD_KINDS[kind].formats} files.`,
  damaged: "This picture is damaged and could not be read.",
  tooManyPixels: (side: number, size: { width: number; height: number }) =>
    `Thumbnails can be at most ${side} × ${side} pixels; this one is ${size.width} × ${size.height}.`,
} as const;

/** Importing a Character Card (decision 008). */
export const CARD_MESSAGES = {
  tooLarge: "Character cards can be at most 5 MB.",
  notMultipart: "Send the card as multipart form data in a field named file, or as a JSON body.",
  chooseFile: "Choose a character card file (PNG or JSON).",
  pngNotJson: "The character data in this PNG is not valid JSON.",
  notJson: "This file is not a character card: it is not valid JSON.",
  unsafe: (why: string) => `This card can't be imported. ${why}`,
  unreadable: "The card could not be read.",
  pngDamaged: "This PNG file is damaged and could not be read.",
  pngCardDamaged: "The character data in this PNG is damaged.",
  pngHasNoCard: "This picture has no character card in it. Card PNGs carry the character in a 'chara' or 'ccv3' text chunk.",
  lorebook: "This file is a lorebook (World Info), not a character card. Import the character's card instead.",
  notACard: "This file is not a character card. Cards are PNG images or JSON files in the Character Card V1, V2 or V3 format.",
  noName: "This character card has no name.",
} as const;

/** Notices shown in the create form after a card import: what did not fit and what to check. */
export const CARD_NOTICES = {
  unmatchedTags: (tags: string[]) => `Tags we do not have were left out of the form and kept in the card: ${tags.join(", ")}.`,
  firstTagsOnly: (max: number) => `Only the first ${max} tags were picked.`,
  maleAndFemale: "The card has both Male and Female: keep only one.",
  personaTooLong: (length: number, max: number, prefix: string) =>
    `The card's description is ${formatCount(length)} characters; a character's persona holds ${formatCount(max)} after the "${prefix}" prefix. Shorten it before saving.`,
  tooManyGreetings: (max: number) => `Keep at most ${max} alternate greetings.`,
  personalityKept: "The card's personality and system prompt are kept with the character and used in chats.",
} as const;

/** The creator hub's own words. */
export const HUB_MESSAGES = {
  visibility: (name: string, isPublic: boolean) => `${name} is ${isPublic ? "public" : "private"}`,
  deleted: (name: string) => `${name} was deleted`,
} as const;

/** The character form's own words. */
export const CHARACTER_FORM_MESSAGES = {
  saved: "Character saved",
  created: "Character created",
  privateUntilPublished: "It is private until you publish it.",
  fileNotSaved: (why: string) => `Saved, but the file was not: ${why}`,
  personaRoom: (prefix: string, room: number, total: number) =>
    `The character's whole definition: who they are and how they speak, used in every chat and exported as the card's description. Up to ${formatCount(total)} characters in all, with "${prefix}" in front (${formatCount(room)} for what you type). The ${formatCount(LIMITS.personaMax)}-character limit is for the personas people write for themselves.`,
  choosePicture: "Choose a picture",
  chooseAudio: "Choose an audio file",
  replaceFile: "Choose another",
  removeFile: "Remove",
  noFile: "No file chosen",
  savedFile: "The saved file",
} as const;

/** The character form's lorebook (world info) section. */
export const LOREBOOK_MESSAGES = {
  heading: "Lorebook",
  intro:
    "World info the character knows. An entry goes into the chat's instructions when one of its keys comes up in the latest messages, or every time when it is always included.",
  empty: "No entries yet. Add one, or import a SillyTavern World Info file or a character card's lorebook.",
  importButton: "Import lorebook",
  importing: "Reading the lorebook...",
  addEntry: "Add an entry",
  entry: (n: number) => `Entry ${n}`,
  entryTitle: "Title",
  keys: "Keys",
  keysHint: "Separated by commas. Matched as whole words, in any case.",
  content: "Content",
  contentHint: "{{user}} and {{char}} are replaced in the chat.",
  order: "Order",
  orderHint: "Lower goes in first.",
  constant: "Always included",
  enabled: "On",
  remove: "Remove",
  imported: (count: number, file: string) => `Imported ${count} ${count === 1 ? "entry" : "entries"} from ${file}.`,
  notJson: "This file is not a lorebook: it is not valid JSON.",
  notALorebook: "This file is not a lorebook. Use a SillyTavern World Info file (.json) or a character card JSON with a character_book.",
  tooLarge: (kb: number) => `Lorebooks can be at most ${kb} KB.`,
} as const;

/** The chat's answers (decision 010). */
export const CHAT_MESSAGES = {
  characterNotFound: "Character not found",
  /** A plain GET of a chat's live updates (the address takes a WebSocket; decision 039). Not in the spec. */
  liveNeedsSocket: "This address sends a chat's live updates over a WebSocket; open it with one.",
  /** A chat with a character that was deleted or made private: kept for its owner to read (decision 030). */
  characterUnavailable: (name: string) => `${name} is no longer available. Your chat stays here for you to read.`,
  /** Over the composer when a reply arrives while the person has scrolled up to read (issue 24). */
  newMessageBelow: "New message ↓",
  /**
   * What "Branch from here" (on a reply that is not the last) and an edit of an earlier message say
   * before they act (issue 24): the later messages are kept, one swipe away.
   */
  laterStay: (later: number, index: number, count: number) =>
    `${later === 1 ? "The next message stays" : `The ${later} later messages stay`} on the other branch (‹ ${index}/${count} ›).`,
  /** Delete on a message that has later ones (issue 61): they go with it, so it asks first, and says how many. */
  deleteLaterTitle: (later: number) => `Delete this message and ${later === 1 ? "the one" : `the ${later}`} after it?`,
  deleteLaterHint:
    "Every message after it on this branch is deleted too, and cannot be brought back. To keep them, edit the message instead: an edit starts a new branch.",
  deleteAction: "Delete",
  branchTitle: "Branch from here?",
  branchAction: "Branch from here",
  branchHint: "A new reply is written here, as a new branch.",
  /** Over a message where the chat branches (issue 24); it opens the tree of branches. */
  branchPoint: (index: number, count: number) => `Branch ${index} of ${count}`,
  branchPointLabel: (index: number, count: number) => `The chat branches here: you are on branch ${index} of ${count}. Show all branches.`,
  branchesTitle: "All branches",
  branchesHint: "Each version of a message starts a branch; nothing is lost. Pick one to show it.",
  branchesLoading: "Loading the branches…",
  branchesFailed: "The branches could not be loaded. Try again in a moment.",
  branchOnScreen: "On screen",
  branchShow: "Show",
  branchLength: (length: number, upTo: number) => `${length === 1 ? "1 message" : `${length} messages`}, to message ${upTo}`,
  messageNotFound: "That message is not in this chat.",
  /** A Regenerate whose message changed meanwhile (another tab regenerated, edited or deleted it; issue 58). */
  messageChanged: "That message changed in another tab or device. Look at the chat again and try once more.",
  parentGone: "That message is not in this chat any more. Reload the page.",
  writeFirst: "Write a message first.",
  emptyEdit: "A message can't be empty.",
  tooLong: (max: number) => `Messages can be at most ${max} characters.`,
  pickMessage: "Pick a message.",
  pickMessageToPlay: "Pick a message to play.",
  greetingCantDelete: "The greeting can't be deleted.",
  greetingCantRegenerate: "The greeting can't be regenerated; swipe to see the other greetings.",
  onlyCharacterRegenerates: "Only the character's messages can be regenerated.",
  onlyFinishedContinues: "Only a finished message from the character can be continued.",
  editOwnBySending: "Edit your own message by sending the new text with the original's parentId.",
  allowanceEmpty: (resetAt: string) => `You have used all your messages for now. They reset at ${resetAt}. Upgrade for unlimited messages.`,
  emptyReply: "The model sent an empty reply. Press Retry.",
  /** A reply that referred to minors is not shown as written (decision 026; not in the spec). */
  replyWithheld: "The safety filter held this reply back. Press Retry, or take the story somewhere else.",
  atLengthLimit: (max: number) => `This message is as long as a message can be (${formatCount(max)} characters), so it cannot go on.`,
  replyFailed: "Something went wrong while writing the reply. Press Retry.",
  /** A reply whose writer died before it finished (the object was moved or restarted). Not in the spec. */
  replyInterrupted: "This reply was interrupted. Press Retry.",
  /** Under a reply the person stopped (issue 61). */
  replyStopped: "Stopped",
  connectionDropped: "The connection dropped. Your message is saved; reload or press Retry.",
  chatNotFound: "That chat does not exist.",
  noOriginalVoice: "This character has no original voice sample.",
  pickModel: "Pick one of Mage, Witch, Succubus or Lightning.",
  pickVoice: "Pick one of the listed voices.",
  sendModelOrVoice: "Send { model }, { voice } or { personaId }.",
  /** Not in the spec: the persona picked for one chat was deleted or is someone else's. */
  personaNotYours: "That persona is not one of yours any more. Pick another.",
  sendPersona: "Send { id, persona }.",
  titleTooLong: "Titles can be at most 80 characters.",
  characterIdRequired: "characterId is required.",
  noSpeechServer: "No speech server is configured; messages are spoken by your browser.",
  /** Not in the spec: the voice list when the browser speaks (issue 24). */
  browserVoices: "Your browser speaks the messages, so these are the voices this device has. The choice is kept in this browser.",
  noBrowserVoices: "This browser offers no voices to pick from; messages use its default voice.",
  nothingToSay: "This message has nothing to say aloud.",
} as const;

/** The names put in for {{user}} and {{char}} when there is none (spec section 5); shown in the chat's messages. */
export const FALLBACK_NAMES = {
  user: "User",
  character: "Character",
} as const;

/** The text model's failures, stored on the failed reply and shown in the chat; and the offline writer's label. */
export const MODEL_MESSAGES = {
  offlineLabel: "Offline demo model",
  busy: "The model server is busy or unreachable. Your message is saved; press Retry in a moment.",
  tooSlowSaved: "The model took too long to answer. Your message is saved; press Retry.",
  rateLimited: "The model server is rate-limited right now. Press Retry in a moment.",
  failedUnknown: "The model failed.",
  unreadable: "The model sent something we could not read.",
  tooSlow: "The model took too long to answer. Press Retry.",
  brokeOff: "The connection to the model broke off. Press Retry.",
  failed: (why: string) => `The model failed: ${why} Press Retry.`,
  cutOff: "The model's answer was cut off. Press Retry.",
} as const;

/** Answers of the JSON API that are not about one feature (decision 013). */
export const API_MESSAGES = {
  signInRequired: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  notFound: "Not found",
  invalidInput: "Invalid input.",
  invalidJson: "The request body must be valid JSON.",
  unreadableBody: "The request body could not be read.",
  /** A GET or HEAD that carries a body (issue 58). */
  bodyOnRead: "A GET or HEAD request cannot carry a body. Send the data as query parameters, or use POST.",
  tooLarge: (limit: string) => `This request is too large (at most ${limit}).`,
  useMethods: (methods: readonly string[]) => `Use ${methods.join(" or ")}.`,
  crossSite: "This request came from another site and was refused.",
  formExpired: "Your form expired. Please reload the page and try again.",
  missingCsrf: "Missing CSRF token. Please reload the page and try again.",
  notMultipart: "Send the file as multipart form data in a field named file.",
  serverError: "Something went wrong.",
} as const;

/** 403 answers for a capability the account lacks (decision 012); the GOLD one is the spec's. */
export const CAPABILITY_MESSAGES = {
  savedChats: "This feature is only available for GOLD users.",
  editPersona: "Editing a character's persona is a premium feature. Subscribe to make it yours.",
  unlimitedMessages: "This feature is only available to subscribers.",
  moderate: "Only moderators can do that.",
  viewAnalytics: "Only the administrator can do that.",
  administer: "Only the administrator can do that.",
  customSystemPrompt: "Only testers can set their own system prompt.",
  allowListed: "You do not have permission to do that.",
} as const;

export const modelNotAllowed = (model: string, allowed: readonly string[]) =>
  `${model} is for SILVER and GOLD members. Your account can use ${allowed.join(" and ")}. See /pricing.`;

/** 429 answers (decision 012): what was limited and what to do. Not in the spec; written for this product. */
export const RATE_LIMIT_MESSAGES = {
  signIn: "Too many sign-in emails were asked for from your network. Please wait a minute and try again.",
  code: "Too many codes were tried from your network. Please wait a minute and try again.",
  chat: "You are sending messages faster than we can write replies. Please wait a minute and try again.",
  create: "You are creating or uploading very quickly. Please wait a minute and try again.",
  jobs: "You have asked for a lot of voices and pictures at once. Please wait a minute and try again.",
  public: "Too many requests from your network. Please wait a minute and try again.",
  call: "Your call is sending more than we can hear and speak. Please wait a minute and try again.",
  signInMailsPerHour: "We have sent several sign-in emails to this address in the last hour. Use the newest one, or try again later.",
  connectCodesPerHour: "You have asked for several connection codes in the last hour. Use the newest one, or try again later.",
} as const;

/** Answers to a sign-in or membership connect code (decision 012). */
export const CODE_MESSAGES = {
  wrong: (left: number) => `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
  "too-many": "Too many wrong codes. Ask for a new one.",
  "day-cap": "Too many wrong codes were entered for this email today, so codes are paused for it until tomorrow. Use the link in the email instead.",
  expired: "That code has expired. Ask for a new one.",
  none: "No code was sent to this email. Ask for a code first.",
  noChallenge: "Your sign-in request has expired or was started in another browser.",
} as const;

/** Authentication errors of spec section 8, keyed by the `error` query value, in plain words. */
export const AUTH_ERRORS: Record<string, string> = {
  Default: "Something went wrong while signing you in. Please try again.",
  OAuthCallback: "The sign-in provider did not complete the sign-in. Please try again.",
  OAuthCallbackError: "The sign-in provider did not complete the sign-in. Please try again.",
  OAuthAccountNotLinked: "This account is not linked to your email yet. Sign in the way you did before, then link it.",
  AccountNotLinked: "This account is not linked to your email yet. Sign in the way you did before, then link it.",
  EmailNotVerified: "The sign-in provider has not verified the email address on your account there. Verify it with them, or sign in with your email instead.",
  MissingAPIRoute: "This sign-in address does not exist.",
  MissingSecret: "Sign-in is not configured on this server yet (a secret is missing).",
  MissingAuthorize: "This sign-in method is not set up correctly.",
  MissingAdapter: "Sign-in storage is not configured on this server.",
  MissingAdapterMethods: "Sign-in storage on this server is incomplete.",
  UnsupportedStrategy: "This sign-in method is not supported.",
  InvalidCallbackUrl: "The address to return to after sign-in is not on this site.",
  ProviderNotConfigured: "This sign-in provider is not configured on this server. Please use another way to sign in.",
  SessionRequired: "Please sign in to see this page.",
  Verification: "That sign-in link or code is invalid or has expired. Please request a new one.",
  EmailSignin: "We could not send the sign-in email. Please check the address and try again.",
  AccessDenied: "Sign-in was cancelled.",
  CsrfMismatch: "Your sign-in form expired. Please try again.",
};

/** The toasts after signing in and out (flash cookies). */
export const AUTH_FLASH = {
  signedIn: { title: "Signed in", description: "Welcome! You are signed in." },
  signedOut: { title: "Signed out", description: "See you soon." },
} as const;

export function authErrorMessage(code: string | null | undefined): string {
  return (code && AUTH_ERRORS[code]) || AUTH_ERRORS.Default;
}

/** Chat memory (issue 25, decision 044): what a character remembers of a chat. Not in the product spec; written for it. */
export const MEMORY_MESSAGES = {
  tab: "Memory",
  intro:
    "Memories are things the character keeps in mind for this chat, however long it grows: a name, a promise, how you met. They go into every reply, before the recent messages.",
  empty: "Nothing remembered yet. Pin a message with Remember this, or write a memory below.",
  remember: "Remember this",
  remembered: "Remembered",
  rememberedHint: "The character will keep this in mind. See it under Memory in the details panel.",
  /** The "Remembered" toast's button, and the pin on a remembered message (issue 61). */
  openMemory: "Open Memory",
  pinned: "Remembered",
  add: "Add memory",
  placeholder: "Something the character should remember…",
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  forget: "Forget",
  clear: "Forget everything",
  clearConfirm: "Forget every memory of this chat? The messages stay.",
  left: (left: number, limit: number) => `${left} of ${limit} memories left in this chat.`,
  writeFirst: "Write the memory first.",
  tooLong: (max: number) => `A memory can be at most ${max} characters.`,
  full: (limit: number) => `This chat keeps ${limit} memories on your plan. Forget one to make room, or upgrade to keep more.`,
  already: "That message is remembered already.",
  notFound: "That memory is not in this chat.",
  failedTitle: "Memory not saved",
  summaryTitle: "The story so far",
  summaryIntro: (max: number) =>
    `As the chat grows, its older messages are summarised here, and the summary goes into every reply with the newest messages. At most ${max} characters; you can correct it.`,
  noSummary: "No summary yet.",
  writeSummary: "Write the summary first.",
  summaryTooLong: (max: number) => `The summary can be at most ${max} characters.`,
  noSummaryYet: "There is no summary yet: make one with Summarise now.",
  editSummary: "Edit summary",
  /** "What it remembered" (issue 62): what a reply was written with. Not in the spec. */
  usedTitle: "What it remembered",
  usedIntro: "What went into this reply besides the recent messages.",
  usedPins: "Memories",
  usedRecalled: "Recalled from earlier in the chat",
  usedSummary: "The story so far (the running summary)",
  usedLore: "World info",
  usedNothing: "Nothing besides the recent messages: no memory, no summary and nothing recalled.",
  usedGone: "This message is no longer in the chat.",
  showInChat: "Show in chat",
  keep: "Keep as a memory",
  kept: "Kept",
  /** The Memory tab: when the running summary is next updated. */
  nextSummary: (n: number) => `The summary is updated after ${n} more ${n === 1 ? "message" : "messages"}.`,
  summariseNow: "Summarise now",
  summarising: "Summarising…",
  nothingToSummarise: "Nothing new to summarise yet: the newest messages always stay in the prompt as they are.",
  summaryFailed: "The summary could not be written just now. Try again in a moment.",
} as const;

/** SillyTavern chat files in and out (issue 25, decision 046). Not in the spec. */
export const CHAT_FILE_MESSAGES = {
  heading: "Import and export",
  /** Over a hidden line of an imported chat (SillyTavern's is_system): shown, never sent to the character. */
  note: "Note · not sent to the character",
  exportIntro: "Take this chat with you: the branch on screen, with every swipe.",
  exportJsonl: "Export for SillyTavern (.jsonl)",
  exportText: "Export as plain text (.txt)",
  importLabel: "Import a SillyTavern chat (.jsonl)",
  importButton: "Import",
  importing: "Importing…",
  /** What happens to the chat on screen, by whether the person can open saved chats. */
  keepsGold: "The imported chat opens here. The chat you have now stays in your saved chats.",
  keepsOthers:
    "The imported chat opens here. The chat you have now is kept as a saved chat: opening saved chats is a GOLD feature, so export it first if you want it at hand.",
  chooseFile: "Choose a .jsonl file first.",
  imported: ({ messages, versioned, mostVersions, sameVersions }: { messages: number; versioned: number; mostVersions: number; sameVersions: boolean }) =>
    `Imported ${messages === 1 ? "1 message" : `${formatCount(messages)} messages`}${
      versioned ? ` (${formatCount(versioned)} with ${sameVersions ? "" : "up to "}${mostVersions} versions)` : ""
    }.`,
  importedTitle: "Chat imported",
  failedTitle: "Chat not imported",
  badLine: (line: number, why: string) => `Line ${line} is not a SillyTavern chat line: ${why}.`,
  noMessages: "The file has no messages.",
  unsafeLine: (line: number, why: string) => `Line ${line}: ${why}`,
  tooLarge: (max: string) => `The file is too large. A chat file can be at most ${max}.`,
  /** The import dialog's note of what one file may hold (issue 58). */
  limits: (max: string) =>
    `Up to ${max}, ${formatCount(CHAT_IMPORT_LIMITS.messagesMax)} messages, ${CHAT_IMPORT_LIMITS.versionsMax} versions (swipes) a message and ${formatCount(CHAT_IMPORT_LIMITS.messageCharsMax)} characters a version; ${CHAT_IMPORT_LIMITS.filesPerDay} imports a day.`,
  filesPerDay: `You have imported ${CHAT_IMPORT_LIMITS.filesPerDay} chats today, the most a day allows. Try again tomorrow.`,
  rowsPerDay: `Today's imports would bring in more than ${formatCount(CHAT_IMPORT_LIMITS.rowsPerDay)} messages and versions, the most a day allows. Try again tomorrow, or import a shorter chat.`,
  notText: "Send the .jsonl file as the body, or as the form field “file”.",
  fallbackTitle: "Imported chat",
  nothingToExport: "There is no chat with this character to export yet.",
} as const;
