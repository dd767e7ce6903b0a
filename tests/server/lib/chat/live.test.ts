import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// Every tab in sync (issue 23, decision 039): a page open on a chat hears, over a WebSocket from the
// person's own object, every change made to that chat in another tab or device.
const CHARACTER = "livechar00000001";
const OTHER = "livechar00000002";

beforeAll(async () => {
  const owner = await insertUser({ email: "live-owner@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Mira", greeting: "Hello, {{user}}." });
  await insertCharacter({ id: OTHER, userId: owner, name: "Brutus", greeting: "Hm." });
});

type Frame = { type: string; messageId?: string; content?: string; remaining?: number; resetAt?: string };

/** Opens a page's live updates as a browser does (same-site Origin); the socket and the frames it hears. */
async function listen(client: Client, characterId = CHARACTER) {
  const response = await client.fetch(`/api/chats/${characterId}/live`, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const frames: Frame[] = [];
  socket.addEventListener("message", (event) => {
    frames.push(JSON.parse(event.data as string));
  });
  socket.accept();
  return { socket, frames };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** Sends a message and reads its reply stream to the end. */
async function sendAndWait(client: Client, content: string, characterId = CHARACTER) {
  const response = await client.postJson(`/api/chats/${characterId}/messages`, { content });
  expect(response.status).toBe(200);
  await response.text();
}

describe("live updates of a chat", () => {
  it("a second device hears a message sent and its reply finished, and then reads the same chat", async () => {
    const phone = await signedIn("live-person@example.com");
    const laptop = await signedIn("live-person@example.com");
    await phone.fetch(`/api/chats/${CHARACTER}`);
    const { socket, frames } = await listen(laptop);

    await sendAndWait(phone, "Hello from the phone.");
    // One "changed" when the message lands, one when its reply is stored.
    await until(() => frames.filter((f) => f.type === "changed").length >= 2, "two changes heard");
    for (const frame of frames.filter((f) => f.type === "progress")) expect(typeof frame.content).toBe("string");
    const seen = (await (await laptop.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { content: string; status: string }[] };
    expect(seen.messages.at(-2)!.content).toBe("Hello from the phone.");
    expect(seen.messages.at(-1)!.status).toBe("complete");
    socket.close();
  });

  it("a second device hears the reply's text sentence by sentence, as the writing device's stream brings it (issue 61)", async () => {
    const phone = await signedIn("live-follower@example.com");
    const laptop = await signedIn("live-follower@example.com");
    await phone.fetch(`/api/chats/${CHARACTER}`);
    const { socket, frames } = await listen(laptop);
    const response = await phone.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Tell me a long story about the harbour." });
    expect(response.status).toBe(200);
    // The writing device's text, sentence by sentence, from its own stream.
    const sentences = [...(await response.text()).matchAll(/^event: token\ndata: (.*)$/gm)].map((m) => (JSON.parse(m[1]) as { text: string }).text);
    expect(sentences.length).toBeGreaterThan(2);
    await until(() => frames.some((f) => f.type === "progress" && (f as { done?: boolean }).done), "the finished reply heard");
    // The other device heard every step the writer's stream took, in order: the text so far after each sentence.
    const heard = frames.filter((f) => f.type === "progress" && !(f as { done?: boolean }).done).map((f) => f.content);
    expect(heard).toEqual(sentences.map((_, i) => sentences.slice(0, i + 1).join("")));
    socket.close();
  });

  it("hears a delete made elsewhere (not a refused one), and nothing about another character's chat", async () => {
    const one = await signedIn("live-swiper@example.com");
    const two = await signedIn("live-swiper@example.com");
    await sendAndWait(one, "First.");
    const { socket, frames } = await listen(two);
    const { socket: elsewhere, frames: otherFrames } = await listen(two, OTHER);
    await until(() => frames.length >= 1 && otherFrames.length >= 1, "what is left heard on opening");

    const chat = (await (await one.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string }[] };
    const reply = chat.messages.at(-1)!.id;
    const removed = await one.fetch(`/api/chats/${CHARACTER}/messages/${reply}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } });
    expect(removed.status).toBe(200);
    // A page that opens its updates hears first what is left of the messages (one was spent on "First.").
    expect(frames[0]).toMatchObject({ type: "allowance", remaining: 49 });
    expect(otherFrames[0]).toMatchObject({ type: "allowance", remaining: 49 });
    frames.shift();
    otherFrames.shift();
    await until(() => frames.length >= 1, "the delete heard");
    expect(frames).toEqual([{ type: "changed" }]);
    // A refused delete (the chat's only greeting) changes nothing, so nobody is told; the next delete is heard.
    const remove = (id: string) => one.fetch(`/api/chats/${CHARACTER}/messages/${id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } });
    expect((await remove(chat.messages[0].id)).status).toBe(400);
    expect((await remove(chat.messages[1].id)).status).toBe(200);
    await until(() => frames.length >= 2, "the second delete heard");
    // Both were sent before the second delete answered; a frame for the refusal would be here by now.
    await new Promise((r) => setTimeout(r, 300));
    expect(frames).toEqual([{ type: "changed" }, { type: "changed" }]);
    expect(otherFrames).toEqual([]);
    socket.close();
    elsewhere.close();
  });

  it("every page the person has open, on any chat, hears what is left of their messages when a send takes one", async () => {
    const phone = await signedIn("live-counted@example.com");
    const laptop = await signedIn("live-counted@example.com");
    await sendAndWait(phone, "One.");
    const { socket, frames } = await listen(laptop, OTHER);
    // On opening, what is left now: the allowance is 50 a day here, and one send leaves 49, until a day from it.
    await until(() => frames.length >= 1, "what is left heard on opening");
    expect(frames[0]).toMatchObject({ type: "allowance", remaining: 49 });
    expect(new Date(frames[0].resetAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    await sendAndWait(phone, "Two.");
    await until(() => frames.length >= 2, "the allowance heard on another character's page");
    // Only what is left is told there: the chat with Mira changed, not the one with Brutus.
    expect(frames.filter((f) => f.type !== "allowance")).toEqual([]);

    await sendAndWait(phone, "Three.", OTHER);
    await until(() => frames.filter((f) => f.type === "allowance").length >= 3, "the next send heard");
    expect(frames.filter((f) => f.type === "allowance").map((f) => f.remaining)).toEqual([49, 48, 47]);
    socket.close();
  });

  it("only for the signed-in person's own pages: a plain GET is told to use a WebSocket, another site is refused", async () => {
    const person = await signedIn("live-guarded@example.com");
    const plain = await person.fetch(`/api/chats/${CHARACTER}/live`);
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as any).error.message).toBe("This address sends a chat's live updates over a WebSocket; open it with one.");
    const crossSite = await person.fetch(`/api/chats/${CHARACTER}/live`, { headers: { Upgrade: "websocket", Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    const guest = await new Client().fetch(`/api/chats/${CHARACTER}/live`, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
    expect(guest.status).toBe(401);
    const bad = await person.fetch(`/api/chats/not-an-id!/live`, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
    expect(bad.status).toBe(404);
  });
});
