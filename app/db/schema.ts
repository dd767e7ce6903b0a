import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createId } from "./ids";

// Shared column helpers.
const id = () => text("id").primaryKey().$defaultFn(createId);
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
const bool = (name: string) => integer(name, { mode: "boolean" });
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
const userRef = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const characterRef = (name = "character_id") =>
  text(name)
    .notNull()
    .references(() => characters.id, { onDelete: "cascade" });

import { TIERS } from "../spec/tiers";
import { CHAT_LAYOUTS, CHAT_UIS, IMAGE_MODES, IMAGE_STYLES, IMAGE_VIEWS } from "../spec/preferences";

export type { Tier } from "../spec/tiers";
import type { ModerationLock } from "../spec/moderation";
import { EMPTY, type ScreenedText } from "../lib/safety/screened";
export type { ModerationLock } from "../spec/moderation";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").$type<ScreenedText>(),
    email: text("email").notNull(),
    image: text("image"),
    tier: text("tier", { enum: TIERS }).notNull().default("FREE"),
    persona: text("persona").$type<ScreenedText>(),
    nameKnownToBot: text("name_known_to_bot").$type<ScreenedText>(),
    description: text("description").$type<ScreenedText>(),
    isSubscriptionActive: bool("is_subscription_active").notNull().default(false),
    isModerator: bool("is_moderator").notNull().default(false),
    isBanned: bool("is_banned").notNull().default(false),
    /** How many people follow this person (issue 64), kept by triggers on `follows`: counted without scanning. */
    followers: integer("followers").notNull().default(0),
    /** Notifications not read yet (issue 64), kept by triggers on `notifications`: the bell's count is read with the session. */
    unreadNotifications: integer("unread_notifications").notNull().default(0),
    /** Why a moderator banned the user (shown in Mod Central, not to the user). */
    banReason: text("ban_reason"),
    /** Signing in confirms age 18+ and accepts the terms and privacy policy; when that last happened. */
    ageConfirmedAt: integer("age_confirmed_at", { mode: "timestamp_ms" }),
    termsAcceptedAt: integer("terms_accepted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_created_idx").on(t.createdAt)],
);

/** A sign-in provider identity linked to a user (email, google, discord, patreon). */
export const authAccounts = sqliteTable(
  "auth_accounts",
  {
    id: id(),
    userId: userRef(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    /** The email the provider gave at the last sign-in through this identity. */
    email: text("email"),
    /**
     * Whether the provider vouched for that email at the last sign-in (an email sign-in always does).
     * An account holds its email for mail sign-ins only through a verified identity (decision 026).
     */
    emailVerified: bool("email_verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_accounts_provider_unique").on(t.provider, t.providerAccountId), index("auth_accounts_user_idx").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: userRef(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time codes the service mails: sign-in challenges (a 6-digit code and a magic-link token for an
 * email, no user yet) and membership connect codes (for a signed-in user). Only hashes are stored;
 * wrong codes are counted here, never in the browser (decision 012).
 */
export const VERIFICATION_PURPOSES = ["sign-in", "patreon-connect"] as const;
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: VERIFICATION_PURPOSES }).notNull(),
    /** The email the code was sent to (for sign-in: the email that signs in). */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    /** SHA-256 of the magic-link token (sign-in only). */
    tokenHash: text("token_hash"),
    /** Where a sign-in returns to, so the magic link works in any browser. */
    callbackUrl: text("callback_url"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_user_idx").on(t.userId, t.purpose),
    index("verification_codes_target_idx").on(t.purpose, t.target, t.createdAt),
    uniqueIndex("verification_codes_token_unique").on(t.tokenHash),
  ],
);

/** Fixed-window counters for limits longer than the Rate Limiting binding's 60 s (decision 012). */
export const rateCounters = sqliteTable("rate_counters", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const userPreferences = sqliteTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  imageStyle: text("image_style", { enum: IMAGE_STYLES }).notNull().default("Anime"),
  isRealistic: bool("is_realistic").notNull().default(false),
  showImages: bool("show_images").notNull().default(true),
  chatLayout: text("chat_layout", { enum: CHAT_LAYOUTS }).notNull().default("Center"),
  mobileImageView: text("mobile_image_view", { enum: IMAGE_VIEWS }).notNull().default("In Chat"),
  autoImageGeneration: bool("auto_image_generation").notNull().default(false),
  userMessageBubble: bool("user_message_bubble").notNull().default(true),
  characterMessageBubble: bool("character_message_bubble").notNull().default(true),
  userMessageBubbleColor: text("user_message_bubble_color").notNull().default("bg-zinc-900"),
  characterMessageBubbleColor: text("character_message_bubble_color").notNull().default("bg-gray-900"),
  fontSize: integer("font_size").notNull().default(16),
  dialogueOnlyVocals: bool("dialogue_only_vocals").notNull().default(true),
  imageGenerationMode: text("image_generation_mode", { enum: IMAGE_MODES }).notNull().default("Mix"),
  showNsfwThumbnails: bool("show_nsfw_thumbnails").notNull().default(true),
  chatUI: text("chat_ui", { enum: CHAT_UIS }).notNull().default("v2"),
  cardView: text("card_view").notNull().default("grid"),
  enterToSend: bool("enter_to_send").notNull().default(true),
  referrer: text("referrer"),
  updatedAt: updatedAt(),
});

export const personas = sqliteTable(
  "personas",
  {
    id: id(),
    userId: userRef(),
    name: text("name").$type<ScreenedText>().notNull(),
    persona: text("persona").$type<ScreenedText>().notNull(),
    isDefault: bool("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("personas_user_idx").on(t.userId, t.createdAt)],
);

/** The 34 character tags. */
export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

/** The 9 excludable content tags (content warnings). */
export const contentTags = sqliteTable("content_tags", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const characters = sqliteTable(
  "characters",
  {
    id: id(),
    /** Null only for characters whose author is gone and that were never re-homed. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").$type<ScreenedText>().notNull(),
    description: text("description").$type<ScreenedText>().notNull().default(EMPTY),
    /** Stored with the prefix "{name}'s Persona: ". */
    persona: text("persona").$type<ScreenedText>().notNull().default(EMPTY),
    greeting: text("greeting").$type<ScreenedText>().notNull().default(EMPTY),
    alternateGreetings: json<ScreenedText[]>("alternate_greetings")
      .notNull()
      .default(sql`'[]'`),
    scenario: text("scenario").$type<ScreenedText>().notNull().default(EMPTY),
    exampleDialogue: text("example_dialogue").$type<ScreenedText>().notNull().default(EMPTY),
    authorNotes: text("author_notes").$type<ScreenedText>(),
    imagePrompt: text("image_prompt").$type<ScreenedText>(),
    negativePrompt: text("negative_prompt").$type<ScreenedText>(),
    imagePromptVisible: bool("image_prompt_visible").notNull().default(false),
    points: integer("points").notNull().default(0),
    upvotes: integer("upvotes").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    /** Chats people have started with it; counted when a chat starts, never by reading chats (decision 027). */
    chatCount: integer("chat_count").notNull().default(0),
    /** Messages sent to it and written by it in people's chats, added up from the events queue (decision 030). */
    messageCount: integer("message_count").notNull().default(0),
    /** Ratings given (issue 64) and their sum, kept by triggers on `reviews`: the average without scanning. */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** Chats started in the last 24 hours and 7 days (issue 64), from the hourly counts, refreshed by the hourly cron: Trending's order. */
    trendingDay: integer("trending_day").notNull().default(0),
    trendingWeek: integer("trending_week").notNull().default(0),
    /** R2 key of the thumbnail, served through the media route. */
    thumbnail: text("thumbnail"),
    isNsfwThumbnail: bool("is_nsfw_thumbnail").notNull().default(false),
    voice: text("voice"),
    voiceSampleFile: text("voice_sample_file"),
    defaultModel: text("default_model"),
    /**
     * What a moderator's takedown holds until a moderator lifts it (decision 026): `private` (made
     * private: the owner cannot publish), `nsfw` (thumbnail marked NSFW: it stays marked, new ones
     * too), `tags` (tags edited: the owner cannot change them). Each holds the moderator's note.
     */
    moderationLock: json<ModerationLock>("moderation_lock"),
    /** Character Card fields we keep but do not edit (personality, system prompt, lorebook, extensions...), for export. */
    cardExtras: json<Record<string, unknown>>("card_extras"),
    isPublic: bool("is_public").notNull().default(false),
    /** Set when the character is published (also called madePublicAt). */
    releaseDate: integer("release_date", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("characters_user_idx").on(t.userId, t.createdAt),
    // Following (issue 64): a followed creator's public characters by release, read from the index alone.
    index("characters_user_public_release_idx").on(t.userId, t.isPublic, t.releaseDate, t.id),
    // The id ends each sort index: it breaks ties, so pages never overlap, and makes them covering.
    index("characters_public_points_idx").on(t.isPublic, t.points, t.id),
    index("characters_public_release_idx").on(t.isPublic, t.releaseDate, t.id),
    index("characters_public_upvotes_idx").on(t.isPublic, t.upvotes, t.id),
    index("characters_public_favorites_idx").on(t.isPublic, t.favorites, t.id),
    index("characters_public_trending_day_idx").on(t.isPublic, t.trendingDay, t.id),
    index("characters_public_trending_week_idx").on(t.isPublic, t.trendingWeek, t.id),
  ],
);

export const characterTags = sqliteTable(
  "character_tags",
  {
    characterId: characterRef(),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    // Copies of the character's sort keys, kept in step by triggers (migration 0004), so a tag's
    // listing in any order is one walk of a covering index (decision 009).
    isPublic: bool("is_public").notNull().default(false),
    points: integer("points").notNull().default(0),
    upvotes: integer("upvotes").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    released: integer("released").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.characterId, t.tagId] }),
    index("character_tags_points_idx").on(t.tagId, t.isPublic, t.points, t.characterId),
    index("character_tags_upvotes_idx").on(t.tagId, t.isPublic, t.upvotes, t.characterId),
    index("character_tags_favorites_idx").on(t.tagId, t.isPublic, t.favorites, t.characterId),
    index("character_tags_released_idx").on(t.tagId, t.isPublic, t.released, t.characterId),
  ],
);

export const characterContentTags = sqliteTable(
  "character_content_tags",
  {
    characterId: characterRef(),
    contentTagId: integer("content_tag_id")
      .notNull()
      .references(() => contentTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.contentTagId] }), index("character_content_tags_tag_idx").on(t.contentTagId, t.characterId)],
);

export const excludedTags = sqliteTable(
  "excluded_tags",
  {
    userId: userRef(),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] })],
);

export const excludedContentTags = sqliteTable(
  "excluded_content_tags",
  {
    userId: userRef(),
    contentTagId: integer("content_tag_id")
      .notNull()
      .references(() => contentTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentTagId] })],
);

export const upvotes = sqliteTable("upvotes", { userId: userRef(), characterId: characterRef(), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.userId, t.characterId] }),
  index("upvotes_character_idx").on(t.characterId),
  // The hourly points refresh finds the last month's votes (decision 047).
  index("upvotes_created_idx").on(t.createdAt),
]);

export const favorites = sqliteTable("favorites", { userId: userRef(), characterId: characterRef(), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.userId, t.characterId] }),
  index("favorites_user_created_idx").on(t.userId, t.createdAt),
  index("favorites_character_idx").on(t.characterId),
  index("favorites_created_idx").on(t.createdAt),
]);

/** Who follows which creator (issue 64); `users.followers` counts each creator's, kept by triggers. */
export const follows = sqliteTable("follows", { followerId: userRef("follower_id"), creatorId: userRef("creator_id"), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.followerId, t.creatorId] }),
  // A creator's followers in order: a publish's notices are written a page at a time (decision 095).
  index("follows_creator_follower_idx").on(t.creatorId, t.followerId),
]);

/**
 * A person's rating of a public character, 1 to 5, with an optional review (issue 64): one per person
 * and character, editable. The character's `rating_count` and `rating_sum` move with each insert,
 * change and delete (triggers of migration 0026), so parallel rates never miscount. The creator may
 * reply once.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    characterId: characterRef(),
    userId: userRef(),
    rating: integer("rating").notNull(),
    text: text("text").$type<ScreenedText>().notNull().default(EMPTY),
    reply: text("reply").$type<ScreenedText>(),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_character_user_unique").on(t.characterId, t.userId),
    // The Overview's newest reviews, paged.
    index("reviews_character_updated_idx").on(t.characterId, t.updatedAt, t.id),
    index("reviews_user_idx").on(t.userId),
  ],
);

/** A review a moderator removed: its author can't rate that character again (issue 64). */
export const removedReviews = sqliteTable(
  "removed_reviews",
  {
    characterId: characterRef(),
    userId: userRef(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.userId] }), index("removed_reviews_user_idx").on(t.userId)],
);

/** Paid-user records from the membership platform's webhooks (kept even before an account is connected). */
export const paidUsers = sqliteTable(
  "paid_users",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    patreonMemberId: text("patreon_member_id").notNull(),
    patreonEmail: text("patreon_email"),
    tier: text("tier", { enum: TIERS }).notNull(),
    status: text("status").notNull(),
    /** Patreon's last_charge_date from the signed body: an older body changes nothing (replays). */
    lastChargeAt: integer("last_charge_at", { mode: "timestamp_ms" }),
    lastEventAt: integer("last_event_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("paid_users_member_unique").on(t.patreonMemberId),
    index("paid_users_email_idx").on(t.patreonEmail),
    index("paid_users_user_idx").on(t.userId),
  ],
);

export const patreonConnections = sqliteTable(
  "patreon_connections",
  {
    id: id(),
    userId: userRef(),
    patreonEmail: text("patreon_email").notNull(),
    /** The product-side account email at the time of connecting. */
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("patreon_connections_user_idx").on(t.userId), index("patreon_connections_email_idx").on(t.patreonEmail)],
);

export const JOB_STATUSES = ["queued", "running", "completed", "error"] as const;

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    input: json<Record<string, unknown>>("input").notNull(),
    reply: text("reply"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("jobs_user_created_idx").on(t.userId, t.createdAt), index("jobs_status_idx").on(t.status, t.createdAt)],
);

export const announcements = sqliteTable(
  "announcements",
  {
    id: id(),
    title: text("title").notNull(),
    link: text("link").notNull(),
    author: text("author").notNull(),
    date: integer("date", { mode: "timestamp_ms" }).notNull(),
    content: json<string[]>("content").notNull(),
    images: json<string[]>("images")
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [index("announcements_date_idx").on(t.date), uniqueIndex("announcements_title_unique").on(t.title)],
);

export const shortLinks = sqliteTable(
  "short_links",
  {
    code: text("code").primaryKey(),
    originalUrl: text("original_url").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("short_links_url_unique").on(t.originalUrl)],
);

/** A picture a user made (playground or chat). The file is in R2 at `r2Key`; `isShared` makes its page public. */
export const generatedImages = sqliteTable(
  "generated_images",
  {
    id: id(),
    userId: userRef(),
    characterId: text("character_id").references(() => characters.id, { onDelete: "set null" }),
    /**
     * The chat message it pictures: each swipe and branch keeps its own. The message is in the
     * owner's own object (decision 030), so no foreign key can point at it; a picture of a deleted
     * message is simply not shown under any message.
     */
    messageId: text("message_id"),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    prompt: text("prompt").notNull(),
    negativePrompt: text("negative_prompt"),
    model: text("model", { enum: ["realistic", "anime"] }).notNull(),
    width: integer("width").notNull().default(512),
    height: integer("height").notNull().default(512),
    seed: integer("seed").notNull().default(0),
    r2Key: text("r2_key").notNull(),
    isNsfw: bool("is_nsfw").notNull().default(false),
    isShared: bool("is_shared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("generated_images_user_created_idx").on(t.userId, t.createdAt),
    index("generated_images_message_idx").on(t.messageId),
    index("generated_images_created_idx").on(t.createdAt),
    uniqueIndex("generated_images_job_unique").on(t.jobId),
  ],
);

/**
 * A report of a character or chat message (decision 021). One per reporter and object; `reporterId`
 * null is the safety check's own report (a character refused on a later edit). Resolving an object
 * resolves all its open reports at once.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type", { enum: ["character", "user", "message", "image", "story", "review"] }).notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    details: text("details"),
    status: text("status", { enum: ["open", "resolved", "dismissed"] })
      .notNull()
      .default("open"),
    /** Who filed it: a person (`user`), the safety check on a refused edit (`safety`), or the owner appealing a takedown (`appeal`). */
    source: text("source", { enum: ["user", "safety", "appeal"] })
      .notNull()
      .default("user"),
    /** What the moderator did: dismiss, unpublish, delete, nsfw. */
    resolution: text("resolution"),
    resolvedBy: text("resolved_by"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    /**
     * A reported message, copied when it is reported (decision 027): its text, its chat's owner and
     * character. Mod Central reads these, never the owner's chats; "delete" reaches the owner's chat by them.
     */
    targetOwnerId: text("target_owner_id"),
    targetCharacterId: text("target_character_id"),
    targetText: text("target_text"),
  },
  (t) => [
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_target_idx").on(t.targetType, t.targetId),
    uniqueIndex("reports_reporter_target_unique").on(t.reporterId, t.targetType, t.targetId),
  ],
);

/**
 * Every moderator action, append-only: who did what to which object, when and why. Nothing updates or
 * deletes it (triggers): the actor is kept by id and by name, with no foreign key, so deleting the
 * moderator's account changes no line (decision 026).
 */
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: id(),
    moderatorId: text("moderator_id"),
    /** The moderator's name (or email) when they acted. */
    moderatorLabel: text("moderator_label").notNull().default(""),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** A readable name of the target at the time (it may be deleted later). */
    targetLabel: text("target_label").notNull().default(""),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_created_idx").on(t.createdAt)],
);

/**
 * What the one safety gate refused, held back or could not check (issue 59, decision 082): a person's
 * text the screen or the classifier refused, a model's reply or passage withheld, and a text held as
 * pending review when the classifier could not answer. Mod Central's queue reads the open ones; the
 * daily rollup counts them; a person's several in a day are flagged.
 */
export const screenEvents = sqliteTable(
  "screen_events",
  {
    id: id(),
    userId: text("user_id"),
    /** The field (lib/safety/fields.ts): "character.description", "chat.message", "reply"... */
    field: text("field").notNull(),
    /** Who decided: the offline screen, the classifier, a model's text withheld, or held pending review. */
    source: text("source", { enum: ["offline", "classifier", "withheld", "pending"] }).notNull(),
    /** The rule or the classifier's categories ("minor-sexual", "S4", "sexual/minors", "unavailable"). */
    rule: text("rule").notNull(),
    hit: text("hit"),
    /** The text as it was sent (at most 4,000 characters): moderators read it; a pending one is not lost. */
    text: text("text").notNull(),
    /** SHA-256 of the whole text: a pending text a moderator approved passes when its author sends it again. */
    textHash: text("text_hash").notNull(),
    status: text("status", { enum: ["open", "approved", "dismissed"] })
      .notNull()
      .default("open"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    /** The UTC day (YYYY-MM-DD), for the day's figure and a person's attempts that day. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("screen_events_status_idx").on(t.status, t.createdAt),
    index("screen_events_user_day_idx").on(t.userId, t.day),
    index("screen_events_day_idx").on(t.day),
    index("screen_events_hash_idx").on(t.textHash),
  ],
);

/** Development outbox: every mail the app sends while APP_ENV is not production. */
export const devMails = sqliteTable(
  "dev_mails",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_mails_created_idx").on(t.createdAt)],
);

/**
 * The admin's figures, one row per UTC day (decision 022), filled by the hourly cron trigger: counts of
 * what happened that day, and the state at the last rollup (tiers, paying users, open reports, the
 * week's top characters). Re-running a day writes the same row again.
 */
export const dailyStats = sqliteTable("daily_stats", {
  /** The day, "YYYY-MM-DD" (UTC). */
  day: text("day").primaryKey(),
  signups: integer("signups").notNull().default(0),
  activeUsers: integer("active_users").notNull().default(0),
  messagesSent: integer("messages_sent").notNull().default(0),
  replies: integer("replies").notNull().default(0),
  repliesFailed: integer("replies_failed").notNull().default(0),
  imagesMade: integer("images_made").notNull().default(0),
  storiesMade: integer("stories_made").notNull().default(0),
  /** Upgrade buttons pressed (spec section 7's analytics event). */
  upgradeClicks: integer("upgrade_clicks").notNull().default(0),
  usersFree: integer("users_free").notNull().default(0),
  usersSilver: integer("users_silver").notNull().default(0),
  usersGold: integer("users_gold").notNull().default(0),
  payingUsers: integer("paying_users").notNull().default(0),
  openReports: integer("open_reports").notNull().default(0),
  /** Texts the safety gate refused, withheld or held that day (issue 59). */
  screened: integer("screened").notNull().default(0),
  topCharacters: json<{ id: string; name: string; chats: number }[]>("top_characters")
    .notNull()
    .default(sql`'[]'`),
  /** Filled in later (a missed or first run): its counts are real, its state columns are not that day's. */
  isBackfill: bool("is_backfill").notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Daily figures from events (decision 028): the queue consumer adds up a batch of chat events
 * (messages sent, replies, failed replies) into one row per day and figure, so the rollup never reads
 * anyone's chats. Kept 60 days (the sweep).
 */
export const dailyActivity = sqliteTable(
  "daily_activity",
  {
    day: text("day").notNull(),
    metric: text("metric", { enum: ["messages_sent", "replies", "replies_failed", "stories_made", "upgrade_clicks"] }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

/** Who was active on a day (sent a message or played a story turn), once each: the day's active users. Kept 60 days. */
export const dailyActiveUsers = sqliteTable(
  "daily_active_users",
  {
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** Chats started with a character on a day, counted as they start (with characters.chat_count): the week's top characters. Kept 60 days. */
export const dailyCharacterChats = sqliteTable(
  "daily_character_chats",
  {
    day: text("day").notNull(),
    characterId: text("character_id").notNull(),
    chats: integer("chats").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.characterId] })],
);

/**
 * Chats started with a character in an hour (issue 64), counted as they start beside the daily count:
 * Trending's last 24 hours and 7 days. `hour` is whole hours since 1970 (UTC). Kept 8 days (the sweep).
 */
export const hourlyCharacterChats = sqliteTable(
  "hourly_character_chats",
  {
    characterId: text("character_id").notNull(),
    hour: integer("hour").notNull(),
    chats: integer("chats").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.hour] }), index("hourly_character_chats_hour_idx").on(t.hour)],
);

/**
 * A creator's figures for one character and one UTC day (issue 64, the Creator Hub's dashboard).
 * Impressions, detail opens and messages are added up from the batched activity events; chats,
 * chatters, upvotes, favourites and ratings by triggers as their rows are written (migration 0028),
 * so nothing a visitor does writes here one row at a time. Kept 181 days: a 90-day period and the one
 * before it.
 */
export const characterDaily = sqliteTable(
  "character_daily",
  {
    characterId: text("character_id").notNull(),
    day: text("day").notNull(),
    /** Times its card was shown in a listing. */
    impressions: integer("impressions").notNull().default(0),
    /** Times its details were opened. */
    opens: integer("opens").notNull().default(0),
    chats: integer("chats").notNull().default(0),
    messages: integer("messages").notNull().default(0),
    /** People who sent it a message that day, once each; `returned` of them had on an earlier day too. */
    chatters: integer("chatters").notNull().default(0),
    returned: integer("returned").notNull().default(0),
    upvotes: integer("upvotes").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    ratings: integer("ratings").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.day] })],
);

/** Who sent a character a message on a day, once each (issue 64): the day's chatters, and whether they came back. Kept 90 days. */
export const characterChatters = sqliteTable(
  "character_chatters",
  {
    characterId: text("character_id").notNull(),
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
    /** They had sent it a message on an earlier day (within what is kept). */
    returned: integer("returned").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.characterId, t.day, t.userId] }),
    index("character_chatters_user_idx").on(t.characterId, t.userId, t.day),
    index("character_chatters_day_idx").on(t.day),
  ],
);

/**
 * What the bell in the header lists (issue 64): a new review of one's character, the creator's reply
 * to one's review, a new character from a followed creator, a moderator's decision on one's character.
 * Written by triggers where the thing happens (and with a moderator's action, in its batch); the
 * person's unread count moves with them. The character's name is kept as it was, so a deleted one
 * still reads. Cleared after 90 days (the sweep).
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: userRef(),
    kind: text("kind", { enum: ["review", "reply", "new_character", "moderation"] }).notNull(),
    characterId: text("character_id"),
    /** Who did it (the reviewer, the creator); null for a moderator's decision. */
    actorId: text("actor_id"),
    /** The character's name when it happened. */
    label: text("label").notNull().default(""),
    /** A review's stars, or the moderator's action. */
    detail: text("detail"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_created_idx").on(t.createdAt),
    // A follower hears of a new character once, however often its pages are written (decision 095).
    uniqueIndex("notifications_new_character_once")
      .on(t.userId, t.characterId)
      .where(sql`${t.kind} = 'new_character'`),
  ],
);

/**
 * A character's similar characters (issue 64), worked out once a day for the characters people used
 * lately (models/similar.sql): by who chatted with both and by shared tags among each tag's most
 * popular. Up to 6 per character, best first; replaced whole on each run.
 */
export const similarCharacters = sqliteTable(
  "similar_characters",
  {
    characterId: text("character_id").notNull(),
    rank: integer("rank").notNull(),
    similarId: text("similar_id").notNull(),
    score: integer("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.rank] })],
);
