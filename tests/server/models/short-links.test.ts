import { describe, expect, it } from "vitest";
import { Client } from "../support/client";

describe("POST /api/shorten and /link/:code", () => {
  it("shortens a path of this site and redirects to it; the same path gets the same code", async () => {
    const client = new Client();
    const first = (await (await client.postJson("/api/shorten", { originalUrl: "/characters/chat/abcdefghijklmnop" })).json()) as any;
    expect(first.shortCode).toMatch(/^[A-Za-z0-9]{7}$/);
    const again = (await (await client.postJson("/api/shorten", { originalUrl: "http://127.0.0.1/characters/chat/abcdefghijklmnop" })).json()) as any;
    expect(again.shortCode).toBe(first.shortCode);
    const opened = await client.fetch(`/link/${first.shortCode}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/characters/chat/abcdefghijklmnop");
  });

  it("refuses other sites and unknown codes", async () => {
    const client = new Client();
    const offsite = await client.postJson("/api/shorten", { originalUrl: "https://evil.example/phish" });
    expect(offsite.status).toBe(400);
    expect(((await offsite.json()) as any).error.message).toBe("Only links to this site can be shortened.");
    expect((await client.postJson("/api/shorten", { originalUrl: "//evil.example" })).status).toBe(400);
    expect((await client.fetch("/link/nope-nope")).status).toBe(404);
    expect((await client.fetch("/link/Zz9Zz9Q")).status).toBe(404);
  });
});
