import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, signInByEmail } from "../../support/client";

const hasWelcome = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith("__welcome=") && !/max-age=0/i.test(c));

describe("the first sign-in's welcome step (issue 24)", () => {
  it("only a new account's first sign-in offers it; a name and a short persona answer it, as the default persona", async () => {
    const client = new Client();
    const first = await signInByEmail(client, "first.timer42@example.com", "/faq");
    expect(first.headers.get("location")).toBe("/faq");
    expect(hasWelcome(first)).toBe(true);
    // Until answered, the name is the address's first word, never the whole local part.
    expect((await env.DB.prepare("SELECT name FROM users WHERE email = ?").bind("first.timer42@example.com").first<any>()).name).toBe("First");

    const saved = await client.postJson("/api/welcome", { name: "Wren", persona: "A night-shift nurse who collects old maps." });
    expect(saved.status).toBe(200);
    expect(saved.headers.getSetCookie().some((c) => c.startsWith("__welcome=") && /max-age=0/i.test(c))).toBe(true);
    const user = await env.DB.prepare("SELECT id, name FROM users WHERE email = ?").bind("first.timer42@example.com").first<any>();
    expect(user.name).toBe("Wren");
    const personas = await env.DB.prepare("SELECT name, persona, is_default FROM personas WHERE user_id = ?").bind(user.id).all<any>();
    expect(personas.results).toEqual([{ name: "Wren", persona: "A night-shift nurse who collects old maps.", is_default: 1 }]);

    // Signing in again, even a minute later in another browser, is not a first visit.
    const again = await signInByEmail(new Client(), "first.timer42@example.com");
    expect(hasWelcome(again)).toBe(false);
  });

  it("answers 400 in words for a blank name or an over-long persona, and skipping changes nothing", async () => {
    const client = new Client();
    await signInByEmail(client, "skipper.welcome@example.com");
    const blank = await client.postJson("/api/welcome", { name: "" });
    expect(blank.status).toBe(400);
    const long = await client.postJson("/api/welcome", { name: "Sam", persona: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as any).error.fields.persona).toBe("Persona can be at most 1000 characters.");
    const neither = await client.postJson("/api/welcome", {});
    expect(neither.status).toBe(400);
    expect(((await neither.json()) as any).error.message).toContain("Tell us what characters should call you, or skip this step.");

    const skipped = await client.postJson("/api/welcome", { skip: true });
    expect(skipped.status).toBe(200);
    const user = await env.DB.prepare("SELECT id, name FROM users WHERE email = ?").bind("skipper.welcome@example.com").first<any>();
    expect(user.name).toBe("Skipper");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM personas WHERE user_id = ?").bind(user.id).first<any>()).n).toBe(0);
  });

  it("20 persona saves at once never pass the limit of 20 personas (one statement decides)", async () => {
    const client = new Client();
    await signInByEmail(client, "many.personas@example.com");
    const seeds = await Promise.all(Array.from({ length: 15 }, (_, i) => client.postJson("/api/personas", { name: `P${i}`, persona: "Someone." })));
    expect(seeds.every((r) => r.status === 200)).toBe(true);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => client.postJson("/api/welcome", { name: `W${i}`, persona: "Someone new." })));
    expect(burst.filter((r) => r.status === 200).length).toBe(5);
    expect(burst.filter((r) => r.status === 400).length).toBe(15);
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("many.personas@example.com").first<any>();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM personas WHERE user_id = ?").bind(user.id).first<any>()).n).toBe(20);
    const refused = await client.postJson("/api/personas", { name: "One more", persona: "Too many." });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error.message).toBe("You can have at most 20 personas.");
  });
});
