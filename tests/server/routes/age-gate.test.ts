import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedIn } from "../support/client";
import { insertCharacter, insertTags, insertUser } from "../support/fixtures";

const ID = "agegate000000001";
const NAME = "Corvina Ashdown";

beforeAll(async () => {
  await insertTags(["Female"]);
  const author = await insertUser({ email: "age-author@example.com", name: "Age Author" });
  await insertCharacter({ id: ID, userId: author, name: NAME, description: "A night-market fortune teller.", tags: ["Female"] });
});

const guest = (answer?: "adult" | "declined") => {
  const client = new Client();
  if (answer) client.cookies.set("reverie_age", answer);
  return client;
};

const CONTENT = [
  "/",
  "/characters",
  "/characters/tags/female",
  `/characters/chat/${ID}`,
  `/api/characters/${ID}`,
  `/api/characters/${ID}/card.json`,
  `/api/characters/${ID}/card.png`,
];

describe("a guest who answered 'I'm under 18'", () => {
  it("is sent no characters: pages, their data requests and the character API answer 403 without a name in them", async () => {
    const declined = guest("declined");
    for (const path of [...CONTENT, "/characters.data", `/characters/chat/${ID}.data`]) {
      const response = await declined.fetch(path);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain(NAME);
    }
  });

  it("can still read the FAQ, the rules, the terms and the privacy policy", async () => {
    for (const path of ["/faq", "/rules", "/terms-of-use", "/privacy-policy"]) expect((await guest("declined").fetch(path)).status, path).toBe(200);
  });

  it("does not change what adults, unanswered guests (under the question) and signed-in people get", async () => {
    const member = await signedIn("age-member@example.com");
    member.cookies.set("reverie_age", "declined");
    for (const client of [guest("adult"), guest(), member]) {
      const response = await client.fetch("/characters");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(NAME);
      expect((await client.fetch(`/api/characters/${ID}`)).status).toBe(200);
    }
  });
});
