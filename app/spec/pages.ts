import { BRAND, BRAND_TAGLINE } from "~/spec/brand";
import { formatCount } from "~/spec/plain-text";

/** A page's `<title>`: its name, then the brand ("Pricing | Reverie"). */
export const pageTitle = (name: string) => `${name} | ${BRAND}`;

/** The written pages (app/content/*.md): heading, intro and the description search engines show. */
export const WRITTEN_PAGES = {
  faq: {
    title: "Frequently Asked Questions",
    intro: "Answers to what people ask us most.",
    description: "How Reverie works: signing in, tiers, models, personas, saved chats, membership and your account.",
  },
  privacyPolicy: {
    title: "Privacy Policy",
    intro: "What we collect, why, and what you control.",
    description: "How Reverie handles your data: what we collect, why, how long we keep it and your choices.",
  },
  rules: {
    title: "Rules",
    intro: "Keep Reverie a good place for everyone.",
    description: "Community rules for Reverie: no real people or celebrity lookalikes, nothing involving minors, honest tagging.",
  },
  termsOfUse: {
    title: "Terms of Use",
    intro: "The agreement between you and Reverie.",
    description: "The terms for using Reverie, an AI character chat service for adults 18+.",
  },
  tipsTricks: {
    title: "Tips & Tricks",
    intro: "Get better chats and better characters.",
    description: "Tips for writing great characters and getting better replies on Reverie.",
  },
} as const;

/** The character lists: heading (also the page's title) and intro. */
export const CATALOG_PAGES = {
  characters: { title: "Characters", intro: "Public characters, most popular first." },
  favorite: { title: "Favorite Characters", intro: "The characters you marked as favorites." },
  private: { title: "Private Characters", intro: "Characters you have created and not published yet." },
  random: { title: "Random Characters", intro: "A random selection of public characters.", sortable: false },
  recent: { title: "Recent Characters", intro: "The characters you chatted with most recently, or the newest releases.", sortable: false },
} as const;

/** A category page (one per tag; its title and description come from TAG_PAGES). */
export const CATEGORY_COPY = {
  heading: (tag: string) => `${tag} characters`,
  allCharacters: "All characters",
  allTags: "All Tags",
  allTagsIntro: "Every tag has its own page of characters.",
  allTagsDescription: "Browse AI characters by tag: every genre, setting and kind of character on Reverie has its own page.",
} as const;

/** The home page. */
export const HOME_COPY = {
  title: `${BRAND} - ${BRAND_TAGLINE}`,
  description: `Chat with AI characters, create and publish your own, and hear characters speak. ${BRAND} is for adults 18+.`,
  adultsOnly: "For adults 18+",
  headingLead: "Chat with characters who ",
  headingHighlight: "remember the story",
  introAfterBrand: " is where you talk with AI characters, build your own and hear characters speak. Pick a character and say hello.",
  browseCharacters: "Browse characters",
  signInFree: "Sign in free",
  featured: "Featured characters",
  rising: "Rising",
  risingIntro: "The most chats started in the last 24 hours.",
  seeAll: "See all →",
  /** The signed-in person's latest conversations, first on the page (issue 61). */
  continueHeading: "Continue where you left off",
  youSaid: "You: ",
  groupChat: "Group chat",
  story: "Story",
  byCategory: "Browse by category",
  features: [
    {
      title: "Characters with depth",
      text: (characters: number, creators: number) =>
        `${formatCount(characters)} characters by ${formatCount(creators)} creators across romance, fantasy, sci-fi and slice-of-life, each with their own voice and story.`,
    },
    { title: "Be who you want", text: "Personas let you choose who you are in every chat. Swipe, regenerate and edit replies until the story feels right." },
    { title: "Create and publish", text: "Write your own characters with greetings, scenarios and example dialogue, then share them with the community." },
    { title: "Private and safe", text: "Your chats are yours. Excluded tags and Safe Images keep what you don't want to see out of sight." },
  ],
  models: "Four models, one conversation",
  moreLinks: "More",
  faq: "FAQ",
  rules: "Rules",
  pricing: "Pricing",
  termsOfUse: "Terms of Use",
  privacyPolicy: "Privacy Policy",
} as const;

/** The pricing page (the tiers' own words are in app/content/pricing.ts). */
export const PRICING_COPY = {
  title: "Pricing",
  description: `${BRAND} tiers: FREE, SILVER and GOLD, and what each unlocks.`,
  currentTier: "Your current tier",
  startChatting: "Start chatting",
  signInFree: "Sign in free",
  included: "Included in your tier",
  free: "Free",
  perMonth: "/ month",
  subscribeLead: "Subscribe to ",
  upgradeLead: "Upgrade to ",
  subscribeTail: " on Patreon",
} as const;

/** The account page. */
export const ACCOUNT_COPY = {
  title: "Account",
  signIn: "Sign In",
  back: "← Back",
  excludedTags: "Excluded Tags",
  excludedTagsHelp: "Characters with these tags never show up for you.",
  excludedContent: "Excluded Content",
  excludedContentHelp: "Hide characters carrying these content warnings.",
  advancedSettings: "Advanced Settings",
  editProfile: "Edit Profile",
  personas: "Personas",
  /** Signing out other browsers and devices (decision 026; not in the spec). */
  otherSessions: (n: number) =>
    n === 0 ? "You are signed in on this browser only." : `You are also signed in on ${n} other ${n === 1 ? "browser or device" : "browsers or devices"}.`,
  signOutOthers: "Sign out everywhere else",
  otherSessionsEnded: "Signed out everywhere else",
} as const;

/** The personas page. */
export const PERSONAS_COPY = {
  title: "Personas",
  intro: "Who you are in your chats. The default persona is the one characters meet unless you pick another.",
  none: "You have no personas yet. Create your first one below.",
  newPersona: "New persona",
  create: "Create persona",
  limitLead: "You have reached the limit of ",
  limitTail: " personas.",
  save: "Save changes",
  isDefault: "Default",
  edit: "Edit",
  makeDefault: "Make default",
  delete: "Delete",
  confirmDelete: (name: string) => `Delete ${name}?`,
  deleteWarning: "This persona will be gone for good.",
} as const;

/** The creator hub. */
export const CREATOR_HUB_COPY = {
  title: "Creator Hub",
  intro: "Your characters, how they are doing, and whether they are public.",
  create: "Create Character",
  none: "You have not created any characters yet.",
  isPublic: "Public",
  isPrivate: "Private",
  chats: "Chats ",
  messages: "Messages ",
  upvotes: "Upvotes ",
  favorites: "Favorites ",
  publish: "Publish",
  unpublish: "Unpublish",
  chat: "Chat",
  edit: "Edit",
  delete: "Delete",
  confirmDelete: (name: string) => `Delete ${name}?`,
  deleteWarning: "Its chats are deleted with it. This cannot be undone.",
} as const;

/** Creating and editing a character. */
export const CHARACTER_EDITOR_COPY = {
  createTitle: "Create Character",
  createIntro: "New characters are private until you publish them from the Creator Hub. No real people, and every character is an adult: see the rules.",
  editTitle: (name: string) => `Edit ${name}`,
  unnamed: "character",
} as const;

/** The chat page. */
export const CHAT_PAGE_COPY = {
  title: (characterName: string) => `Chat with ${characterName}`,
  // Not in the spec: the description search engines show for a character's page.
  description: (characterName: string) => `Chat with ${characterName}, an AI character on ${BRAND}. For adults 18+.`,
  // Not in the spec: a long chat's earlier messages load when the person scrolls up to them.
  earlier: (count: number) => `Show ${count} earlier ${count === 1 ? "message" : "messages"}`,
  loadingEarlier: "Loading earlier messages…",
} as const;

/** A public profile. */
export const PROFILE_COPY = {
  title: "Profile",
  unknownName: "Unknown",
  publicCharacters: "Public characters",
  noPublicCharacters: "No public characters yet.",
} as const;

/** News & Updates (the announcements come from the database). */
export const NEWS_COPY = {
  title: "News & Updates",
  description: "Stay up to date with the latest Tips & Tricks that users have discovered.",
  heading: "Announcements",
  discord: "Discord server",
} as const;

/** The sign-in pages without a dialog: sign out, "check your email", sign-in problems, and the 429 page. */
export const AUTH_PAGES_COPY = {
  signOut: {
    title: "Sign out",
    question: "Are you sure you want to sign out?",
    button: "Sign out",
  },
  /** A magic link opened in a browser that did not ask for it (not in the spec; decision 026). */
  confirmLink: {
    title: "Confirm sign-in",
    question: (email: string) => `Sign in as ${email}?`,
    why: "This sign-in link was opened in a different browser from the one that asked for it. Sign in only if you asked for this link yourself: everything you do next will be saved to that account.",
    signIn: (email: string) => `Sign in as ${email}`,
    cancel: "Cancel",
  },
  verifyRequest: {
    title: "Check your email",
    sentLead: "We sent a sign-in link and a 6-digit code to ",
    sentTail: ". Open the link in this browser, or enter the code below.",
    codeLabel: "Code",
    signIn: "Sign in",
    differentEmail: "Use a different email",
  },
  error: {
    title: "Sign-in problem",
    heading: "We couldn't sign you in",
    tryAgain: "Try again",
  },
  wait: {
    title: "Please wait",
    heading: "Please wait a moment",
    backToSignIn: "Back to sign in",
  },
} as const;

/** The page a banned account sees instead of the app (spec section 2); `contactLink` is the support mail link. */
export const BAN_PAGE_COPY = {
  title: "Account banned",
  heading: "Your account has been banned",
  text: (contactLink: string) => `You can no longer use ${BRAND}. If you think this is a mistake, contact support at ${contactLink}.`,
  logout: "Logout",
} as const;

/** Every unknown path. */
export const NOT_FOUND_COPY = {
  title: "Page not found",
} as const;

/** The development outbox (never in production). */
export const DEV_OUTBOX_COPY = {
  title: "Dev outbox",
  intro: "Mail sent while running locally, newest first. This page does not exist in production.",
  empty: "No mail yet.",
  sentTo: " · to ",
} as const;

/** The first-visit 18+ confirmation and what a guest who declined sees. */
export const AGE_GATE_COPY = {
  title: "Are you 18 or older?",
  text: `${BRAND} is for adults. Characters and conversations here can include mature themes and explicit content.`,
  confirm: "I'm 18 or older",
  decline: "I'm under 18",
  declinedTitle: `${BRAND} is for adults only`,
  declinedText: "Come back when you're 18. You can still read what the service is and its rules.",
  changedMind: "I'm 18 or older after all",
} as const;

/** /images/playground and a shared picture's page. */
export const PLAYGROUND_COPY = {
  title: "Image Playground",
  description: "Make pictures of characters and scenes in anime or realistic style.",
  prompt: "Prompt",
  promptPlaceholder: "A woman with silver hair reading in a candle-lit library, soft light",
  negativePrompt: "Negative prompt",
  negativeHint: "What to keep out of the picture. A few things are always left out (low quality, text, minors).",
  model: "Model",
  size: "Size",
  seed: "Seed",
  seedHint: "Empty for a new picture each time; the same seed and prompt make the same picture.",
  generate: "Generate",
  results: "Results",
  painting: "Painting…",
  gallery: "Your pictures",
  galleryEmpty: "Pictures you make appear here.",
  loadMore: "Load more",
  left: (n: number, size: number) => `${n} of ${size} pictures left`,
  resets: "Resets at",
  open: "Open picture",
  viewerTitle: "Your picture",
  download: "Download",
  share: "Share",
  moreLikeThis: "Make more like this",
  sendToChat: "Send to a chat",
  sendToChatHint: "The picture appears in that chat, under its last message.",
  noChatsYet: "Your chats with characters appear here once you have started one.",
  sentToChat: (name: string) => `Sent to your chat with ${name}.`,
  delete: "Delete",
  confirmDelete: "Delete this picture?",
  confirmDeleteText: "The picture and its file are removed for good.",
  pageTitle: (author: string) => `A picture by ${author}`,
  tryPrompt: "Try this prompt",
  notSharedYet: "Only you can see this page until you share the picture.",
} as const;

/** The tag filter (spec sections 2 and 4). */
export const TAG_FILTER_COPY = {
  open: "Filter by Categories",
  search: "Search tags",
  apply: "Apply Filters",
  clear: "Clear All",
  all: "All",
  allTags: "All Tags",
  close: "Close",
  remove: (tag: string) => `Remove ${tag}`,
} as const;

/** The character details panel's tabs (spec section 4). */
export const DETAILS_TABS = { overview: "Overview", settings: "Chat Settings", saved: "Saved Chats" } as const;

/** The chat header's menu of the details panel's tabs (issue 61). */
export const CHAT_MENU = { label: "Chat menu", overview: "Character details", upvote: "Upvote" } as const;

/** The footer (spec section 2). */
export const FOOTER_COPY = {
  terms: "Terms of Use",
  privacy: "Privacy Policy",
  faq: "FAQ",
  community: "Community chat",
  credit: (brand: string) => `Made with care by the ${brand} team`,
} as const;

/** The persona editor (spec section 4). */
export const PERSONA_EDITOR_COPY = {
  title: (name: string) => `Edit ${name}'s Persona`,
  description: (name: string) => `Customize how ${name} behaves and responds to you`,
  label: (name: string) => `${name}'s persona`,
  save: "Save changes",
  saving: "Saving...",
  reset: "Reset to default",
  resetting: "Resetting...",
  resetTitle: "Reset to Default Persona?",
  resetText: (name: string) => `Your changes to ${name}'s persona will be replaced by the original.`,
  resetConfirm: "Reset",
} as const;

/** Said above a chat whose replies come from the built-in demo writer (no model server configured). */
export const OFFLINE_NOTICE = {
  text: "Replies here come from Reverie's built-in demo writer, which stitches answers from the character's card. It is not an AI model.",
  link: "How to connect a model",
  href: "/faq#how-do-i-connect-a-model",
};
