import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, jobEnded, putJson, signedIn } from "../../support/client";

/**
 * The picture path of the authorization tests (issue 22): a picture made in a chat with a character
 * whose creator keeps the image prompts hidden. It takes a page, a request and a queue run, so the
 * one-request matrix cannot see it. The backend is sent the hidden prompts; no answer shows them to
 * anyone but the creator (and moderators): not the picture's API, the gallery, the job's status, the
 * chat page, the playground or the shared page.
 */
const SECRET_PROMPT = "picture-path-secret-prompt-4417";
const SECRET_NEGATIVE = "picture-path-secret-negative-9083";

let characterId = "";
let creator: Client;

beforeAll(async () => {
  creator = await signedIn("picture-path-creator@example.com");
  const created = await creator.postJson("/api/characters", {
    name: "Veiled Painter",
    greeting: "*She sets down her brush by the window.* Hello.",
    imagePrompt: SECRET_PROMPT,
    negativePrompt: SECRET_NEGATIVE,
    imagePromptVisible: false,
  });
  characterId = ((await created.json()) as { id: string }).id;
  expect((await putJson(creator, `/api/characters/${characterId}/publish`, { isPublic: true })).status).toBe(200);
});

/** Makes a picture of the greeting in `client`'s chat with the character; answers the job and the picture's ids. */
async function pictureOfGreeting(client: Client) {
  const chat = (await (await client.fetch(`/api/chats/${characterId}`)).json()) as { messages: { id: string }[] };
  const queued = await client.postJson(`/api/chats/${characterId}/messages/${chat.messages[0].id}/image`, {});
  expect(queued.status).toBe(202);
  const { jobId } = (await queued.json()) as { jobId: string };
  const status = await jobEnded(client, jobId);
  expect(status.status).toBe("completed");
  return { jobId, imageId: status.reply.id as string };
}

/** Everything the picture's owner, a stranger and a guest can read about it, after it is shared. */
async function everythingAbout(owner: Client, picture: { jobId: string; imageId: string }) {
  const html = { accept: "text/html" };
  const ownView = [
    await owner.fetch(`/api/images/${picture.imageId}`),
    await owner.fetch("/api/images"),
    await owner.fetch(`/api/status/${picture.jobId}`),
    await owner.fetch(`/characters/chat/${characterId}`, { headers: html }),
    await owner.fetch(`/images/playground?image=${picture.imageId}`, { headers: html }),
  ];
  expect((await putJson(owner, `/api/images/${picture.imageId}`, { shared: true }, "PATCH")).status).toBe(200);
  const stranger = await signedIn(`picture-path-stranger-${crypto.randomUUID()}@example.com`);
  const shared = [
    await owner.fetch(`/images/${picture.imageId}`, { headers: html }),
    await new Client().fetch(`/images/${picture.imageId}`, { headers: html }),
    await stranger.fetch(`/images/${picture.imageId}`, { headers: html }),
    await stranger.fetch(`/images/playground?image=${picture.imageId}`, { headers: html }),
  ];
  const answers = [...ownView, ...shared];
  for (const answer of answers) expect(answer.status, answer.url).toBe(200);
  return (await Promise.all(answers.map((a) => a.text()))).join("\n");
}

describe("a picture of a character with hidden image prompts (issue 22)", () => {
  for (const mode of ["Mix", "Prompt", "Chat"] as const)
    it(`in ${mode} mode: the backend gets the hidden prompts, and nobody but the creator reads them`, async () => {
      const reader = await signedIn(`picture-path-reader-${mode.toLowerCase()}@example.com`);
      expect((await reader.postJson("/api/preference", { key: "imageGenerationMode", value: mode })).status).toBe(200);
      const picture = await pictureOfGreeting(reader);
      const sent = await env.DB.prepare("SELECT input FROM jobs WHERE id = ?").bind(picture.jobId).first<string>("input");
      expect(sent, "what the backend was sent").toContain(SECRET_PROMPT);
      expect(sent).toContain(SECRET_NEGATIVE);

      const seen = await everythingAbout(reader, picture);
      expect(seen).toContain("Veiled Painter");
      expect(seen).not.toContain(SECRET_PROMPT);
      expect(seen).not.toContain(SECRET_NEGATIVE);
    });

  it("the creator's own picture keeps the prompt they wrote", async () => {
    const picture = await pictureOfGreeting(creator);
    const own = (await (await creator.fetch(`/api/images/${picture.imageId}`)).json()) as { prompt: string; negativePrompt: string };
    expect(own.prompt).toContain(SECRET_PROMPT);
    expect(own.negativePrompt).toContain(SECRET_NEGATIVE);
  });
});
