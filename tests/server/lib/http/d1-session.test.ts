import { describe, expect, it } from "vitest";
import { Client, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

const BOOKMARK = /^[0-9a-f][0-9a-f-]+[0-9a-f]$/i;

// Reads from the nearest copy of D1 (issue 28, decision 050): a write hands back the session's
// bookmark, and the next request, carrying it, reads at least what was written.
describe("the D1 session's bookmark", () => {
  it("a write returns the bookmark as a cookie and a header; the next read, carrying it, sees the write", async () => {
    const client = await signedIn("bookmark-writer@example.com");
    const made = await client.postJson("/api/characters", { name: "Bookmark Keeper", greeting: "Hello.", persona: "Keeps the place." });
    expect(made.status).toBe(201);
    const bookmark = made.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(BOOKMARK);
    expect(client.cookies.get("__d1")).toBe(bookmark);
    const { id } = (await made.json()) as { id: string };
    // The browser's next request carries the cookie; an API client sends the header instead.
    const read = await client.fetch(`/api/characters/${id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe("Bookmark Keeper");
    const api = new Client();
    const byHeader = await api.fetch("/api/auth/csrf", { headers: { "x-d1-bookmark": bookmark! } });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get("x-d1-bookmark")).toMatch(/^[0-9a-f]/i);
  });

  it("a message sent, then the chat read with the send's bookmark: the message and the chat's count are both there", async () => {
    const author = await insertUser({ email: "bookmark-author@example.com" });
    const characterId = "bookmarkchat0001";
    await insertCharacter({ id: characterId, userId: author, name: "Bookmark Listener", greeting: "Tell me something." });
    const client = await signedIn("bookmark-chatter@example.com");
    // The first message starts the chat: the person's object stores it, and D1 counts the chat.
    const sent = await client.postJson(`/api/chats/${characterId}/messages`, { content: "Remember the blue door." });
    expect(sent.status).toBe(200);
    const bookmark = sent.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(BOOKMARK);
    expect(client.cookies.get("__d1")).toBe(bookmark);
    await sent.text(); // the reply, to its end
    // An API client carries the bookmark in the header; the reads start no older than the send.
    const carry = { headers: { "x-d1-bookmark": bookmark! } };
    const chat = await client.fetch(`/api/chats/${characterId}`, carry);
    expect(chat.status).toBe(200);
    expect(chat.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
    const { messages } = (await chat.json()) as { messages: { role: string; content: string }[] };
    expect(messages.map((m) => [m.role, m.content])).toContainEqual(["user", "Remember the blue door."]);
    const details = await client.fetch(`/api/characters/${characterId}`, carry);
    expect(((await details.json()) as { chats: number }).chats).toBe(1);
  });

  it("a plain read sets no bookmark cookie, so guests' pages stay cacheable", async () => {
    const guest = new Client();
    const page = await guest.fetch("/faq", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("__d1="))).toBe(false);
    expect(page.headers.has("x-d1-bookmark")).toBe(false);
  });

  it("a bookmark that is not one (forged, too long, another shape) is ignored, never an error", async () => {
    for (const bad of ["'; DROP TABLE users; --", "x".repeat(500), "not-a-bookmark!", "zzzz-zzzz"]) {
      const client = new Client();
      const byHeader = await client.fetch("/api/auth/csrf", { headers: { "x-d1-bookmark": bad } });
      expect(byHeader.status).toBe(200);
      const byCookie = await client.fetch("/characters", { headers: { accept: "text/html", cookie: `reverie_age=adult; __d1=${encodeURIComponent(bad)}` } });
      expect(byCookie.status).toBe(200);
    }
  });
});
