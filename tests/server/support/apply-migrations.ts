import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// vitest.config.ts reads migrations/ on the Node side and hands them over as a binding.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
