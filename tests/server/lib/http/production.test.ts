import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../support/worker";
import packageJson from "../../../../package.json";
import devServer from "../../../../scripts/dev-server.mjs?raw";
import wranglerToml from "../../../../wrangler.toml?raw";
import e2eEnv from "../../../e2e/e2e.env?raw";
import { Client, signInByEmail } from "../../support/client";

describe("production is the default", () => {
  it("wrangler.toml describes production; only the local run commands switch development on", () => {
    const vars = wranglerToml.slice(wranglerToml.indexOf("[vars]"));
    expect(vars).toMatch(/^APP_ENV = "production"$/m);
    expect(packageJson.scripts.start).toContain("node scripts/dev-server.mjs");
    expect(devServer).toContain('APP_ENV: "development"');
    expect(e2eEnv).toMatch(/^APP_ENV=development$/m);
  });

  it("a deployment without its secrets serves nothing (503) instead of running on the development secret", async () => {
    const production = { ...env, APP_ENV: "production", SESSION_SECRET: undefined } as unknown as Env;
    const response = await worker.fetch(new Request("https://reverie.example/dev/outbox.json") as never, production, createExecutionContext());
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain("SESSION_SECRET");
  });

  it("the dev outbox answers only on this machine's own address", async () => {
    const client = new Client();
    await signInByEmail(client, "outbox-host@example.com");
    expect((await client.fetch("/dev/outbox.json")).status).toBe(200);
    for (const url of ["http://reverie.example/dev/outbox.json", "http://reverie.example/dev/outbox", "http://10.0.0.5:8787/dev/outbox.json"]) {
      const response = await client.fetch(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toMatch(/sign-in code: \d{6}/);
    }
  });
});
