import * as z from "zod";

const DEV_SESSION_SECRET = "reverie-local-development-secret-do-not-use-in-production";

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const idList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A variable holding JSON (empty means `{}`), checked with `shape`; `example` says what a bad one should look like. */
const jsonVar = <T extends z.ZodTypeAny>(shape: T, example: string) =>
  z
    .string()
    .default("")
    .transform((raw, ctx): z.output<T> => {
      try {
        return shape.parse(JSON.parse(raw.trim() || "{}"));
      } catch {
        ctx.addIssue({ code: "custom", message: example });
        return z.NEVER;
      }
    });

/** Optional overrides of OAuth endpoints per provider, used to point a provider at a local test server. */
const endpointOverrides = jsonVar(
  z.record(z.string(), z.object({ authorizationEndpoint: z.string().url(), tokenEndpoint: z.string().url(), userInfoEndpoint: z.string().url() })),
  "OAUTH_ENDPOINTS must be a JSON map of provider to endpoints",
);

/** Patreon tier id -> product tier, e.g. {"1234":"SILVER","5678":"GOLD"}. */
const tierMap = jsonVar(z.record(z.string(), z.enum(["SILVER", "GOLD"])), 'PATREON_TIER_MAP must be JSON like {"<patreon tier id>":"SILVER"}');

/** Monthly prices of the paid tiers, shown on /pricing, e.g. {"currency":"USD","SILVER":4.99,"GOLD":9.99}. */
const prices = jsonVar(
  z.object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default("USD"),
    SILVER: z.number().nonnegative(),
    GOLD: z.number().nonnegative(),
  }),
  'PRICES must be JSON like {"currency":"USD","SILVER":4.99,"GOLD":9.99}',
);

/** Product model name -> backend model id, e.g. {"Mage":"llama-3.1-8b-instruct"}. */
const modelMap = jsonVar(
  z.record(z.enum(["Mage", "Witch", "Succubus", "Lightning"]), z.string().min(1)),
  'TEXT_MODELS must be JSON like {"Mage":"<backend model id>"}',
);

/** The image models (realistic, anime) -> backend checkpoint or model id, e.g. {"anime":"animagine-xl-3.1"}. */
const imageModelMap = jsonVar(
  z.partialRecord(z.enum(["realistic", "anime"]), z.string().min(1)),
  'IMAGE_MODELS must be JSON like {"realistic":"<checkpoint>","anime":"<checkpoint>"}',
);

/** Minutes of voice calls per allowance period by tier (issue 63), e.g. {"FREE":10,"SILVER":60,"GOLD":240}. */
const callMinutes = jsonVar(
  z.object({ FREE: z.number().int().min(0), SILVER: z.number().int().min(0), GOLD: z.number().int().min(0) }).partial(),
  'CALL_MINUTES must be JSON like {"FREE":10,"SILVER":60,"GOLD":240}',
);

/** Pictures per allowance period by tier (decision 017), e.g. {"FREE":10,"SILVER":50,"GOLD":200}. */
const imageAllowance = jsonVar(
  z.object({ FREE: z.number().int().min(0), SILVER: z.number().int().min(0), GOLD: z.number().int().min(0) }).partial(),
  'IMAGE_ALLOWANCE must be JSON like {"FREE":10,"SILVER":50,"GOLD":200}',
);

const schema = z
  .object({
    TEXT_PROVIDER: z.enum(["offline", "openai"]).default("offline"),
    TEXT_API_BASE_URL: optional.pipe(z.string().url("TEXT_API_BASE_URL must be a URL like http://127.0.0.1:8080/v1").optional()),
    TEXT_API_KEY: optional,
    /** What the chat says replies come from, e.g. "llama.cpp · qwen2.5-7b" (npm start sets it for a server it finds). */
    TEXT_SERVER_LABEL: optional,
    TEXT_MODELS: modelMap,
    TEXT_CONTEXT_TOKENS: z.coerce.number().int().min(512).max(1_000_000).default(4096),
    /** The share of the context older moments recalled into a reply's prompt may take (issue 62); 0 turns recall off. */
    TEXT_RECALL_SHARE: z.coerce.number().min(0).max(0.5).default(0.15),
    TEXT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
    /** Hybrid recall (issue 62, decision 089): an OpenAI-compatible `/embeddings` server; `none` keeps recall text only. */
    EMBEDDINGS_PROVIDER: z.enum(["none", "openai"]).default("none"),
    EMBEDDINGS_API_BASE_URL: optional.pipe(z.string().url("EMBEDDINGS_API_BASE_URL must be a URL like http://127.0.0.1:8080/v1").optional()),
    EMBEDDINGS_MODEL: optional,
    EMBEDDINGS_API_KEY: optional,
    /** How alike (cosine) a message must be to the last turns for its vector alone to recall it; depends on the model. */
    EMBEDDINGS_MIN_SIMILARITY: z.coerce.number().min(-1).max(1).default(0.5),
    IMAGE_PROVIDER: z.enum(["offline", "a1111", "openai"]).default("offline"),
    // "cloudflare": card pictures carry a srcset through Cloudflare's image resizing (decision 057).
    IMAGE_RESIZING: z.enum(["off", "cloudflare"]).default("off"),
    IMAGE_API_BASE_URL: optional.pipe(z.string().url("IMAGE_API_BASE_URL must be a URL like http://127.0.0.1:7860").optional()),
    IMAGE_API_KEY: optional,
    IMAGE_MODELS: imageModelMap,
    IMAGE_TIMEOUT_SECONDS: z.coerce.number().positive().max(900).default(180),
    IMAGE_ALLOWANCE: imageAllowance,
    MODERATION_PROVIDER: z.enum(["offline", "openai", "llamaguard", "workers-ai"]).default("offline"),
    MODERATION_API_BASE_URL: optional.pipe(z.string().url("MODERATION_API_BASE_URL must be a URL like http://127.0.0.1:8080/v1").optional()),
    MODERATION_MODEL: optional,
    MODERATION_API_KEY: optional,
    MODERATION_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
    MODERATION_DAILY_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    /** Voice calls (issue 63, decision 090): what hears the person. `browser` is the browser's own recognition. */
    STT_PROVIDER: z.enum(["browser", "openai", "workers-ai"]).default("browser"),
    STT_API_BASE_URL: optional.pipe(z.string().url("STT_API_BASE_URL must be a URL like http://127.0.0.1:8178/v1").optional()),
    STT_MODEL: optional,
    STT_API_KEY: optional,
    CALL_MINUTES: callMinutes,
    SPEECH_PROVIDER: z.enum(["browser", "kokoro"]).default("browser"),
    SPEECH_API_BASE_URL: optional.pipe(z.string().url("SPEECH_API_BASE_URL must be a URL like http://127.0.0.1:8880/v1").optional()),
    SPEECH_API_KEY: optional,
    SPEECH_MODEL: z.string().trim().min(1).default("kokoro"),
    SPEECH_CAN_CLONE: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((v) => v === "true"),
    // Production unless a local run command says otherwise (wrangler.toml describes production).
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    /** `on` adds a Server-Timing header (db, render, total) to every response; on by default in development (decision 024). */
    SERVER_TIMING: z.enum(["on", "off", ""], "SERVER_TIMING must be on or off").default(""),
    SUPPORT_EMAIL: z.string().email(),
    ADMIN_USER_ID: z.string().default(""),
    ALLOWLIST_USER_IDS: idList,
    MEMBERSHIP_URL: z.string().url(),
    PATREON_BILLING_URL: z.string().url(),
    PATREON_WEBHOOK_SECRET: optional,
    PATREON_TIER_MAP: tierMap,
    PRICES: prices,
    MESSAGE_ALLOWANCE: z.coerce.number().int().min(0).max(100_000).default(50),
    MESSAGE_ALLOWANCE_PERIOD_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 31)
      .default(24),
    JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    COMMUNITY_URL: z.string().url(),
    WIKI_URL: z.string().url(),
    MAIL_FROM: z.string().min(3),
    MAIL_API_URL: optional,
    MAIL_API_KEY: optional,
    SESSION_SECRET: optional,
    OAUTH_ENDPOINTS: endpointOverrides,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    DISCORD_CLIENT_ID: optional,
    DISCORD_CLIENT_SECRET: optional,
    PATREON_CLIENT_ID: optional,
    PATREON_CLIENT_SECRET: optional,
  })
  .superRefine((env, ctx) => {
    if (env.TEXT_PROVIDER === "openai" && !env.TEXT_API_BASE_URL)
      ctx.addIssue({ code: "custom", path: ["TEXT_API_BASE_URL"], message: "TEXT_API_BASE_URL is required when TEXT_PROVIDER is openai" });
    if (env.IMAGE_PROVIDER !== "offline" && !env.IMAGE_API_BASE_URL)
      ctx.addIssue({ code: "custom", path: ["IMAGE_API_BASE_URL"], message: `IMAGE_API_BASE_URL is required when IMAGE_PROVIDER is ${env.IMAGE_PROVIDER}` });
    if ((env.MODERATION_PROVIDER === "openai" || env.MODERATION_PROVIDER === "llamaguard") && !env.MODERATION_API_BASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["MODERATION_API_BASE_URL"],
        message: `MODERATION_API_BASE_URL is required when MODERATION_PROVIDER is ${env.MODERATION_PROVIDER}`,
      });
    if (env.MODERATION_PROVIDER === "llamaguard" && !env.MODERATION_MODEL)
      ctx.addIssue({
        code: "custom",
        path: ["MODERATION_MODEL"],
        message: "MODERATION_MODEL (the Llama Guard model's id on the server) is required when MODERATION_PROVIDER is llamaguard",
      });
    if (env.EMBEDDINGS_PROVIDER === "openai" && (!env.EMBEDDINGS_API_BASE_URL || !env.EMBEDDINGS_MODEL))
      ctx.addIssue({
        code: "custom",
        path: ["EMBEDDINGS_API_BASE_URL"],
        message: "EMBEDDINGS_API_BASE_URL and EMBEDDINGS_MODEL are required when EMBEDDINGS_PROVIDER is openai",
      });
    if (env.STT_PROVIDER === "openai" && !env.STT_API_BASE_URL)
      ctx.addIssue({ code: "custom", path: ["STT_API_BASE_URL"], message: "STT_API_BASE_URL is required when STT_PROVIDER is openai" });
    if (env.SPEECH_PROVIDER === "kokoro" && !env.SPEECH_API_BASE_URL)
      ctx.addIssue({ code: "custom", path: ["SPEECH_API_BASE_URL"], message: "SPEECH_API_BASE_URL is required when SPEECH_PROVIDER is kokoro" });
    if (env.APP_ENV !== "production") return;
    if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32 || env.SESSION_SECRET === DEV_SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET (32+ characters, not the development one) is required in production" });
    if (!env.MAIL_API_URL || !env.MAIL_API_KEY)
      ctx.addIssue({ code: "custom", path: ["MAIL_API_URL"], message: "MAIL_API_URL and MAIL_API_KEY are required in production" });
    if (!env.PATREON_WEBHOOK_SECRET)
      ctx.addIssue({ code: "custom", path: ["PATREON_WEBHOOK_SECRET"], message: "PATREON_WEBHOOK_SECRET is required in production" });
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  return {
    env: env.APP_ENV,
    isProduction: env.APP_ENV === "production",
    serverTiming: env.SERVER_TIMING ? env.SERVER_TIMING === "on" : env.APP_ENV === "development",
    supportEmail: env.SUPPORT_EMAIL,
    adminUserId: env.ADMIN_USER_ID,
    allowlistUserIds: env.ALLOWLIST_USER_IDS,
    membershipUrl: env.MEMBERSHIP_URL,
    patreon: { billingUrl: env.PATREON_BILLING_URL, webhookSecret: env.PATREON_WEBHOOK_SECRET, tierMap: env.PATREON_TIER_MAP },
    prices: env.PRICES,
    allowance: { size: env.MESSAGE_ALLOWANCE, periodMs: env.MESSAGE_ALLOWANCE_PERIOD_HOURS * 3_600_000 },
    jobs: { maxAttempts: env.JOBS_MAX_ATTEMPTS },
    communityUrl: env.COMMUNITY_URL,
    wikiUrl: env.WIKI_URL,
    mail: { from: env.MAIL_FROM, apiUrl: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY },
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    oauth: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      discord: pair(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET),
      patreon: pair(env.PATREON_CLIENT_ID, env.PATREON_CLIENT_SECRET),
    },
    oauthEndpoints: env.OAUTH_ENDPOINTS,
    text: {
      provider: env.TEXT_PROVIDER,
      baseUrl: env.TEXT_API_BASE_URL,
      apiKey: env.TEXT_API_KEY,
      models: env.TEXT_MODELS,
      contextTokens: env.TEXT_CONTEXT_TOKENS,
      recallTokens: Math.floor(env.TEXT_CONTEXT_TOKENS * env.TEXT_RECALL_SHARE),
      timeoutMs: env.TEXT_TIMEOUT_SECONDS * 1000,
      label: env.TEXT_SERVER_LABEL ?? null,
    },
    embeddings: {
      provider: env.EMBEDDINGS_PROVIDER,
      baseUrl: env.EMBEDDINGS_API_BASE_URL,
      apiKey: env.EMBEDDINGS_API_KEY,
      model: env.EMBEDDINGS_MODEL,
      minSimilarity: env.EMBEDDINGS_MIN_SIMILARITY,
    },
    images: {
      provider: env.IMAGE_PROVIDER,
      resizing: env.IMAGE_RESIZING,
      baseUrl: env.IMAGE_API_BASE_URL,
      apiKey: env.IMAGE_API_KEY,
      models: env.IMAGE_MODELS,
      timeoutMs: env.IMAGE_TIMEOUT_SECONDS * 1000,
      allowance: {
        sizes: { FREE: 10, SILVER: 50, GOLD: 200, ...env.IMAGE_ALLOWANCE },
        periodMs: env.MESSAGE_ALLOWANCE_PERIOD_HOURS * 3_600_000,
      },
    },
    moderation: {
      provider: env.MODERATION_PROVIDER,
      baseUrl: env.MODERATION_API_BASE_URL,
      apiKey: env.MODERATION_API_KEY,
      model: env.MODERATION_MODEL ?? (env.MODERATION_PROVIDER === "openai" ? "omni-moderation-latest" : "@cf/meta/llama-guard-3-8b"),
      timeoutMs: env.MODERATION_TIMEOUT_SECONDS * 1000,
      dailyBudget: env.MODERATION_DAILY_BUDGET,
    },
    calls: {
      hearing: {
        provider: env.STT_PROVIDER,
        baseUrl: env.STT_API_BASE_URL,
        apiKey: env.STT_API_KEY,
        model: env.STT_MODEL ?? (env.STT_PROVIDER === "workers-ai" ? "@cf/openai/whisper-large-v3-turbo" : "whisper-1"),
      },
      minutes: { FREE: 10, SILVER: 60, GOLD: 240, ...env.CALL_MINUTES },
      periodMs: env.MESSAGE_ALLOWANCE_PERIOD_HOURS * 3_600_000,
    },
    speech: {
      provider: env.SPEECH_PROVIDER,
      baseUrl: env.SPEECH_API_BASE_URL,
      apiKey: env.SPEECH_API_KEY,
      model: env.SPEECH_MODEL,
      canClone: env.SPEECH_CAN_CLONE,
    },
  };
}

function pair(clientId?: string, clientSecret?: string) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

const cache = new WeakMap<object, Config>();

/** Parses the Worker's vars and secrets once per isolate; a bad value fails loudly with the variable's name. */
export function getConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const config = toConfig(parsed.data);
  cache.set(env, config);
  return config;
}
