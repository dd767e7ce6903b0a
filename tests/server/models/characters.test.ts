import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client } from "../support/client";
import { insertCharacter, insertUser } from "../support/fixtures";

const character = (fields: { id: string; name: string; userId: string | null; isPublic?: boolean; points?: number }) =>
  insertCharacter({ description: "A test character.", points: 1, ...fields });

describe("character cards", () => {
  it("show the character's own name and its author's, on the home page and the catalog", async () => {
    const author = await insertUser({ email: "writer@example.com" });
    await env.DB.prepare("UPDATE users SET name = 'Wren Writer' WHERE id = ?").bind(author).run();
    await character({ id: "charactera000001", name: "Captain Ilsa Marrow", userId: author, points: 50 });
    await character({ id: "charactera000002", name: "Orphaned Oracle", userId: null, points: 40 });
    await character({ id: "charactera000003", name: "Secret Draft", userId: author, isPublic: false, points: 99 });
    for (const path of ["/", "/characters"]) {
      const html = await (await new Client().fetch(path)).text();
      expect(html, path).toContain("Captain Ilsa Marrow");
      expect(html, path).toContain(">by Wren Writer<");
      expect(html, path).toContain("Orphaned Oracle");
      expect(html, path).toContain(">by Unknown<");
      expect(html, path).not.toContain("Secret Draft");
    }
  });

  it("a public profile lists only public characters and no private data", async () => {
    const author = await insertUser({ email: "private-person@example.com" });
    await character({ id: "charactera000004", name: "Shown Publicly", userId: author });
    await character({ id: "charactera000005", name: "Kept Private", userId: author, isPublic: false });
    const html = await (await new Client().fetch(`/profile/${author}`)).text();
    expect(html).toContain("Shown Publicly");
    expect(html).not.toContain("Kept Private");
    expect(html).not.toContain("private-person@example.com");
  });
});
