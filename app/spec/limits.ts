/** Limits of spec sections 5 and 9. */
export const LIMITS = {
  /** A memory a character keeps of a chat ("Remember this", or typed): at most this many characters (issue 25). */
  memoryPinMax: 250,
  personaMax: 1000,
  personaWarnRatio: 0.9,
  displayNameMax: 20,
  descriptionMax: 200,
  membershipEmailMax: 60,
  codeDigits: 6,
  minimumAge: 18,
  userNameMenuMax: 16,
  accountPersonaHintMax: 50,
  /**
   * A character's definition, prefix included (ours, decision 032): the card's description kept
   * whole. The spec's 1000 (personaMax) is for the personas people write for themselves.
   */
  characterDefinitionMax: 16_000,
  /** A chat message (ours; the spec sets none). */
  messageMax: 4000,
  /** An imported chat file (issue 25, decision 046): years of a SillyTavern chat fit; it goes to the person's object in one call. */
  chatFileMaxBytes: 16 * 1024 * 1024,
  /** Text sent to the speech server for one message. */
  speechTextMax: 4000,
} as const;

export const TIMING = {
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThreshold: 50,
  shareToastMs: 2000,
  statusPollIntervalMs: 1000,
  statusPollTimeoutMs: 120_000,
  deletionLogoutDelayMs: 6000,
  membershipConnectReloadMs: 5000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;
/** Signing in by email: the code and magic link stay valid this long. */
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CLIENT_LOG_MAX_BYTES = 8 * 1024;
/** Membership connect codes (spec section 9: 6 digits). */
export const CONNECT_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong tries a sign-in or connect code survives; the fifth wrong one ends it (decision 012). */
export const CODE_MAX_ATTEMPTS = 5;
/** Sign-in mails to one address that may wait unused within an hour; connect codes a user may ask for an hour. */
export const SIGN_IN_MAILS_PER_HOUR = 5;
/**
 * Wrong sign-in codes one address may receive in 24 hours, across all its challenges; past that the
 * address takes no codes until the day has passed (links still work) and its owner gets one mail.
 * Without it, 5 challenges an hour of 5 tries each allowed 600 guesses a day (decision 026).
 */
export const SIGN_IN_WRONG_CODES_PER_DAY = 20;
export const CONNECT_CODES_PER_HOUR = 5;
export const PERSONA_NAME_MAX = 30;
export const PERSONA_TEXT_MAX = 1000;
export const PERSONAS_PER_USER_MAX = 20;
export const NAME_KNOWN_TO_BOT_MAX = 20;
export const ACCOUNT_PERSONA_MAX = 500;

/** How many memories one chat keeps, by tier (issue 25, decision 044): a paid tier remembers more. */
export const MEMORY_PINS_BY_TIER = { FREE: 5, SILVER: 15, GOLD: 30 } as const;

/**
 * What one imported SillyTavern chat may hold (issue 58): a limit on every repeated part, so no file
 * can make a chat too wide to open or hold the person's object for long. Years of real chats fit.
 */
export const CHAT_IMPORT_LIMITS = {
  /** Message lines in one file. */
  messagesMax: 20_000,
  /** Versions (swipes) of one message. */
  versionsMax: 100,
  /** Messages with all their versions: the rows one import adds. */
  rowsMax: 50_000,
  /** Characters of one message's text (each version's). */
  messageCharsMax: 32_000,
  /** What a line keeps besides its text (`extra`, `swipe_info`, other keys), as JSON bytes. */
  keptBytesMax: 16 * 1024,
  /** The header line, as JSON bytes. */
  headerBytesMax: 64 * 1024,
  /** Imports a person may make in a day, and the messages (with their versions) they may bring in. */
  filesPerDay: 10,
  rowsPerDay: 100_000,
} as const;
