import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, me, putJson, signedIn } from "../support/client";
import { insertTags, setAllowance } from "../support/fixtures";

describe("a new account's name", () => {
  it("is the first word of the address, capitalised, never the whole local part", async () => {
    expect((await me(await signedIn("throwaway.newcomer@example.com"))).name).toBe("Throwaway");
    expect((await me(await signedIn("mary_jane-99@example.com"))).name).toBe("Mary");
    expect((await me(await signedIn("42.ada@example.com"))).name).toBe("Ada");
  });
});

describe("PUT /api/profile/update", () => {
  it("changes only the fields sent", async () => {
    const client = await signedIn("profile@example.com");
    const before = await me(client);
    expect((await putJson(client, "/api/profile/update", { description: "I like long walks." })).status).toBe(200);
    const after = await me(client);
    expect(after.description).toBe("I like long walks.");
    expect(after.name).toBe(before.name);
    await putJson(client, "/api/profile/update", { name: "New Name", nameKnownToBot: "Cap", persona: "Tall and curious." });
    expect(await me(client)).toMatchObject({ name: "New Name", nameKnownToBot: "Cap", persona: "Tall and curious.", description: "I like long walks." });
  });

  it("answers 400 with a clear message for bad input", async () => {
    const client = await signedIn("badprofile@example.com");
    const cases: [unknown, string | RegExp][] = [
      [{ name: " Space" }, "name: Name cannot start with a space."],
      [{ name: "" }, "name: Name cannot start with a space."],
      [{ name: "x".repeat(21) }, "name: Name can be at most 20 characters."],
      [{ description: "x".repeat(201) }, "description: Description can be at most 200 characters."],
      [{ isModerator: true }, "Only name, description, persona and nameKnownToBot can be changed."],
      [{}, "Nothing to update."],
    ];
    for (const [body, message] of cases) {
      const response = await putJson(client, "/api/profile/update", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as any).error.message).toBe(message);
    }
    expect((await putJson(client, "/api/profile/update", { name: "ok" }, "POST")).status).toBe(405);
    expect((await putJson(new Client(), "/api/profile/update", { name: "ok" })).status).toBe(401);
  });

  it("renders profile text as text, never as HTML", async () => {
    const client = await signedIn("xss@example.com");
    await putJson(client, "/api/profile/update", { description: '<img src=x onerror="alert(1)">' });
    const html = await (await new Client().fetch(`/profile/${(await me(client)).id}`)).text();
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;img src=x");
  });
});

describe("excluded tags", () => {
  it("PUT /api/profile/tags and /content-tags replace the lists; unknown names are refused", async () => {
    await insertTags(["Male", "Furry", "Dark"], ["Violence", "Racism"]);
    const client = await signedIn("tags@example.com");
    expect((await putJson(client, "/api/profile/tags", { tags: ["Furry", "Dark"] })).status).toBe(200);
    expect((await putJson(client, "/api/profile/content-tags", { tags: ["Violence"] })).status).toBe(200);
    let user = await me(client);
    expect(user.ExcludedTags.map((t: any) => t.tag.name).sort()).toEqual(["Dark", "Furry"]);
    expect(user.ExcludedContentTags).toEqual([{ tag: { name: "Violence" } }]);
    const bad = await putJson(client, "/api/profile/tags", { tags: ["Dark", "Nope"] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toBe("Unknown tag: Nope");
    await putJson(client, "/api/profile/tags", { tags: [] });
    user = await me(client);
    expect(user.ExcludedTags).toEqual([]);
    expect((await putJson(client, "/api/profile/tags", { tags: "Dark" })).status).toBe(400);
  });
});

describe("personas", () => {
  it("create, list, edit, make default (exactly one) and delete", async () => {
    const client = await signedIn("personas@example.com");
    const a = (await (await client.postJson("/api/personas", { name: "Knight", persona: "A tired knight." })).json()) as any;
    const b = (await (await client.postJson("/api/personas", { name: "Bard", persona: "A cheerful bard." })).json()) as any;
    expect((await putJson(client, `/api/personas/${b.id}`, { name: "Bard", persona: "A cheerful bard.", isDefault: true })).status).toBe(200);
    let list = (await (await client.fetch("/api/personas")).json()) as any[];
    expect(list.map((p) => [p.name, p.isDefault])).toEqual([
      ["Knight", false],
      ["Bard", true],
    ]);
    await putJson(client, `/api/personas/${a.id}`, { name: "Sir Knight", persona: "A rested knight.", isDefault: true });
    list = (await (await client.fetch("/api/personas")).json()) as any[];
    expect(list.map((p) => [p.name, p.isDefault])).toEqual([
      ["Sir Knight", true],
      ["Bard", false],
    ]);
    expect((await client.fetch(`/api/personas/${b.id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    expect(((await (await client.fetch("/api/personas")).json()) as any[]).map((p) => p.name)).toEqual(["Sir Knight"]);
  });

  it("does not find other people's personas (404, as an unknown id), and refuses bad input (400)", async () => {
    const owner = await signedIn("persona-owner@example.com");
    const { id } = (await (await owner.postJson("/api/personas", { name: "Mine", persona: "Private." })).json()) as any;
    const other = await signedIn("persona-thief@example.com");
    expect((await putJson(other, `/api/personas/${id}`, { name: "Stolen", persona: "x" })).status).toBe(404);
    expect((await other.fetch(`/api/personas/${id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(404);
    // Still the owner's, unchanged.
    const mine = (await (await owner.fetch("/api/personas")).json()) as { id: string; name: string }[];
    expect(mine.find((p) => p.id === id)?.name).toBe("Mine");
    expect((await putJson(other, "/api/personas/nope", { name: "x", persona: "x" })).status).toBe(404);
    const long = await owner.postJson("/api/personas", { name: "x".repeat(31), persona: "x" });
    expect(((await long.json()) as any).error.message).toBe("name: Name can be at most 30 characters.");
    expect((await owner.postJson("/api/personas", { name: "x" })).status).toBe(400);
  });
});

describe("message allowance", () => {
  it("FREE users get the configured allowance, which refills lazily after resetAt; subscribers have none", async () => {
    const client = await signedIn("allowance@example.com");
    const first = (await me(client)).messageToken;
    expect(first.token).toBe(50);
    expect(new Date(first.resetAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const { id } = await me(client);
    await setAllowance(id, 3, new Date(first.resetAt));
    expect((await me(client)).messageToken.token).toBe(3);
    await setAllowance(id, 3, new Date(Date.now() - 1000));
    expect((await me(client)).messageToken.token).toBe(50);
    await env.DB.prepare("UPDATE users SET is_subscription_active = 1 WHERE id = ?").bind(id).run();
    expect((await me(client)).messageToken).toBeNull();
  });
});

describe("referrer", () => {
  it("is saved once: a later referrer does not replace the first", async () => {
    const client = await signedIn("referred@example.com");
    expect((await client.postJson("/api/preference", { key: "referrer", value: "friend-blog" })).status).toBe(200);
    await client.postJson("/api/preference", { key: "referrer", value: "other-site" });
    expect((await me(client)).UserPreference.referrer).toBe("friend-blog");
  });
});
