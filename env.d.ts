/// <reference types="@cloudflare/workers-types" />

/** Bindings and vars of wrangler.toml, plus the secrets (from `.dev.vars` locally, `wrangler secret put` in production). */
interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  JOBS: Queue<{ jobId: string }>;
  LIMIT_SIGN_IN: RateLimit;
  LIMIT_CODE: RateLimit;
  LIMIT_CHAT: RateLimit;
  LIMIT_CREATE: RateLimit;
  LIMIT_JOBS: RateLimit;
  LIMIT_PUBLIC: RateLimit;
  APP_ENV: string;
  SUPPORT_EMAIL: string;
  ADMIN_USER_ID: string;
  ALLOWLIST_USER_IDS: string;
  MEMBERSHIP_URL: string;
  PATREON_BILLING_URL: string;
  PATREON_TIER_MAP: string;
  MESSAGE_ALLOWANCE: string;
  MESSAGE_ALLOWANCE_PERIOD_HOURS: string;
  PATREON_WEBHOOK_SECRET?: string;
  COMMUNITY_URL: string;
  WIKI_URL: string;
  MAIL_FROM: string;
  MAIL_API_URL?: string;
  OAUTH_ENDPOINTS: string;
  TEXT_PROVIDER?: string;
  TEXT_API_BASE_URL?: string;
  TEXT_API_KEY?: string;
  TEXT_MODELS?: string;
  TEXT_CONTEXT_TOKENS?: string;
  TEXT_TIMEOUT_SECONDS?: string;
  SPEECH_PROVIDER?: string;
  SPEECH_API_BASE_URL?: string;
  SPEECH_API_KEY?: string;
  SPEECH_MODEL?: string;
  SPEECH_CAN_CLONE?: string;
  SESSION_SECRET?: string;
  MAIL_API_KEY?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  PATREON_CLIENT_ID?: string;
  PATREON_CLIENT_SECRET?: string;
}

declare namespace Cloudflare {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Env extends globalThis.Env {}
}
