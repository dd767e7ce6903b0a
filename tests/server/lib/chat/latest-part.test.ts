import { beforeAll, describe, expect, it } from "vitest";
import { putJson, signedIn, type Client } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// A change in a long chat answers the latest part of the branch, not all of it (decision 072).
const CHARACTER = "latestchar000001";
type Part = { messages: { id: string; content: string; parentId: string | null; count: number; index: number }[]; earlier: number };

beforeAll(async () => {
  const owner = await insertUser({ email: "latest-owner@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Mira", greeting: "Hello." });
});

/** A person with an imported chat of 60 messages: Mira's on odd lines, Sam's on even ones. */
async function longChat(email: string) {
  const client = await signedIn(email);
  const lines: object[] = [{ user_name: "Sam", character_name: "Mira" }];
  for (let n = 1; n <= 60; n++)
    lines.push(n % 2 ? { name: "Mira", is_user: false, mes: `Mira's line ${n}.` } : { name: "Sam", is_user: true, mes: `Sam's line ${n}.` });
  const imported = await client.fetch(`/api/chats/${CHARACTER}/import`, {
    method: "POST",
    headers: { "content-type": "application/jsonl", origin: "http://127.0.0.1" },
    body: lines.map((l) => JSON.stringify(l)).join("\n"),
  });
  expect(imported.status).toBe(201);
  const whole = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as Part;
  return { client, whole: whole.messages };
}

const part = async (client: Client, response: Promise<Response>) => {
  const answer = await response;
  expect(answer.status).toBe(200);
  return (await answer.json()) as Part & { id?: string };
};

describe("the latest part of a long chat", () => {
  it("GET answers the whole branch, or with ?latest=N its last N messages (or the N above a message) and how many come before them", async () => {
    const { client, whole } = await longChat("latest-get@example.com");
    expect(whole).toHaveLength(60);
    const latest = await part(client, client.fetch(`/api/chats/${CHARACTER}?latest=20`));
    expect(latest.messages.map((m) => m.id)).toEqual(whole.slice(40).map((m) => m.id));
    expect(latest.earlier).toBe(40);
    const all = await part(client, client.fetch(`/api/chats/${CHARACTER}?latest=all`));
    expect(all.messages.map((m) => m.id)).toEqual(whole.map((m) => m.id));
    expect(all.earlier).toBe(0);
    // The earlier ones, a page at a time, above the first message the screen shows.
    const above = await part(client, client.fetch(`/api/chats/${CHARACTER}?latest=10&before=${whole[30].id}`));
    expect(above.messages.map((m) => m.id)).toEqual(whole.slice(20, 30).map((m) => m.id));
    expect(above.earlier).toBe(20);
    const top = await part(client, client.fetch(`/api/chats/${CHARACTER}?latest=50&before=${whole[5].id}`));
    expect(top.messages.map((m) => m.id)).toEqual(whole.slice(0, 5).map((m) => m.id));
    expect(top.earlier).toBe(0);
    expect(await part(client, client.fetch(`/api/chats/${CHARACTER}?latest=50&before=${whole[0].id}`))).toMatchObject({ messages: [], earlier: 0 });
    expect((await client.fetch(`/api/chats/${CHARACTER}?latest=50&before=nosuchmessage001`)).status).toBe(404);
    for (const bad of ["0", "many", "2.5", "100000"]) {
      const refused = await client.fetch(`/api/chats/${CHARACTER}?latest=${bad}`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("latest: a number of messages from 1 to 500, or all.");
    }
  });

  it("an edit, a swipe and a delete answer the latest 20 messages, reaching up to the message above the change", async () => {
    const { client, whole } = await longChat("latest-change@example.com");
    const last = whole.at(-1)!;
    // The last line is Sam's; Mira's line 59 is edited into a second version, which ends the branch.
    const mira59 = whole[58];
    const edited = await part(client, putJson(client, `/api/chats/${CHARACTER}/messages/${mira59.id}`, { content: "Mira's line 59, again." }));
    expect(edited.messages).toHaveLength(20);
    expect(edited.messages.at(-1)).toMatchObject({ id: edited.id, content: "Mira's line 59, again.", index: 2, count: 2 });
    expect(edited.messages[0].id).toBe(whole[39].id);
    expect(edited.earlier).toBe(39);

    // Back to the first version: its branch goes on to line 60.
    const back = await part(client, putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: mira59.id }));
    expect(back.messages.map((m) => m.id)).toEqual(whole.slice(40).map((m) => m.id));
    expect(back.earlier).toBe(40);

    // A version of Mira's line 11: the swipe back to the first goes down its newest replies (to the
    // second version of line 59), and reaches up to line 10, 49 messages above that.
    const mira11 = whole[10];
    await part(client, putJson(client, `/api/chats/${CHARACTER}/messages/${mira11.id}`, { content: "Mira's line 11, again." }));
    const far = await part(client, putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: mira11.id }));
    expect(far.messages.map((m) => m.id)).toEqual([...whole.slice(9, 58).map((m) => m.id), edited.id]);
    expect(far.messages[1]).toMatchObject({ id: mira11.id, index: 1, count: 2 });
    expect(far.earlier).toBe(9);

    // Deleting line 60 (under the first version of line 59) shows that first version at the end.
    const removed = await part(client, putJson(client, `/api/chats/${CHARACTER}/messages/${last.id}`, {}, "DELETE"));
    expect(removed.messages).toHaveLength(20);
    expect(removed.messages.at(-1)!.id).toBe(mira59.id);
    expect(removed.earlier).toBe(39);
  });
});
