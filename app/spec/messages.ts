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
  },
  account: {
    notSignedIn: "Not signed in",
    loading: "Loading...",
    deleting: "Your account is being deleted. Please don't close or refresh this page.",
    deleteFailed: (email: string) => `Couldn't delete your account. Please contact me at ${email}`,
    deleted: "Account deleted",
    nameStartsWithSpace: "Name cannot start with a space.",
    unsavedChanges: "You have unsaved changes",
    tagsUpdated: "Tags have been updated.",
    contentTagsUpdated: "Content tags have been updated.",
    profileUpdated: "Your profile has been updated.",
    codeSent: "Code sent to your email.",
    patreonCodeSent: "Code sent to your Patreon email",
    connected: "Connected!",
    personaHint: "Keep it short and simple. (Max 50 characters)",
    resetsAt: "Resets at",
  },
  persona: {
    tooLongTitle: "Persona too long",
    tooLong: "Please keep your persona under 1000 characters.",
    errorTitle: "Error updating persona",
    error: "There was an error updating your persona.",
    successTitle: "Persona updated",
    success: "Your persona has been updated.",
    createYourPersona: "Create your Persona",
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
  },
  generic: {
    errorTitle: "Error",
    somethingWentWrong: "Something went wrong.",
    urlCopiedTitle: "URL copied to clipboard",
    urlCopied: "Share this link with others",
    shareTitle: "Check out this image I created!",
    invalidStory: "Invalid AI response format",
  },
} as const;

/** 403 answers for a capability the account lacks (decision 012); the GOLD one is the spec's. */
export const CAPABILITY_MESSAGES = {
  savedChats: "This feature is only available for GOLD users.",
  editPersona: "Editing a character's persona is a premium feature. Subscribe to make it yours.",
  unlimitedMessages: "This feature is only available to subscribers.",
  moderate: "Only moderators can do that.",
  viewAnalytics: "Only the administrator can do that.",
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
  signInMailsPerHour: "We have sent several sign-in emails to this address in the last hour. Use the newest one, or try again later.",
  connectCodesPerHour: "You have asked for several connection codes in the last hour. Use the newest one, or try again later.",
} as const;

/** Answers to a sign-in or membership connect code (decision 012). */
export const CODE_MESSAGES = {
  wrong: (left: number) => `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
  "too-many": "Too many wrong codes. Ask for a new one.",
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

export function authErrorMessage(code: string | null | undefined): string {
  return (code && AUTH_ERRORS[code]) || AUTH_ERRORS.Default;
}
