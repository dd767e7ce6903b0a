import { describe, expect, it } from "vitest";
import { type Client, meId, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

/**
 * Issue 59: what the gate stops reaches Mod Central. A person's refused texts are recorded as they are
 * answered (a chat message, a character's persona), and an account stopped several times in a day is
 * flagged in the moderators' queue.
 */
const moderator = async () => {
  await insertUser({ email: "screen-queue-mod@example.com", isModerator: true }).catch(() => {});
  return await signedIn("screen-queue-mod@example.com");
};
const queue = async (client: Client) =>
  (await (await client.fetch("/api/mods/screen")).json()) as { items: unknown[]; repeated: { userId: string; count: number }[] };

describe("Mod Central's safety queue", () => {
  it("flags an account whose texts the screen refused three times in a day; the texts' 400 names what was refused", async () => {
    await insertCharacter({ id: "screenqueuechar1", name: "Harbour", greeting: "The tide is in." });
    const person = await signedIn("screen-queue-person@example.com");
    const userId = await meId(person);
    const sends = ["She is twelve years old and I kiss her.", "my 13 y/o sister undresses for me"];
    for (const content of sends) {
      const answer = await person.postJson("/api/chats/screenqueuechar1/messages", { content });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string; message: string } }).error.message).toMatch(/is not allowed\. Characters must be adults/);
    }
    const mod = await moderator();
    expect((await queue(mod)).repeated.find((r) => r.userId === userId)).toBeUndefined();
    const made = await person.postJson("/api/characters", { name: "Lio", greeting: "Hi.", persona: "Lio is a sophomore in high school." });
    expect(made.status).toBe(400);
    expect((await queue(mod)).repeated.find((r) => r.userId === userId)).toMatchObject({ count: 3 });
  });

  it("is for moderators only", async () => {
    const person = await signedIn("screen-queue-other@example.com");
    expect((await person.fetch("/api/mods/screen")).status).toBe(403);
  });
});
