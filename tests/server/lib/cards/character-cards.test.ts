import { env } from "cloudflare:workers";
import extractChunks from "png-chunks-extract";
import { decode as decodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, putJson, signedIn } from "../../support/client";
import { insertTags } from "../../support/fixtures";
import { pngChunks, pngWith, textChunks } from "../../support/png";

beforeAll(() => insertTags(["Female", "Fantasy", "Wholesome", "RolePlay"], ["Violence"]));

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const unb64 = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

const v2Card = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Wren Ashdown",
    description: "{{char}} is a ranger of the Greywood.\r\nShe speaks softly and keeps a hawk.",
    personality: "watchful, dry humour",
    scenario: "{{user}} is lost in the Greywood at dusk.",
    first_mes: "*A hawk lands beside you.* Lost, {{user}}?\r\nFollow me.",
    mes_example: "<START>\r\n{{user}}: Who are you?\r\n{{char}}: Someone who knows the way.",
    creator_notes: "A calm guide for fantasy adventures.\n\nBest with long replies.",
    system_prompt: "Write in third person.",
    post_history_instructions: "",
    alternate_greetings: ["*The hawk screeches.* You again?"],
    tags: ["female", "wholesome", "ranger", "violence"],
    creator: "someone-else",
    character_version: "2.1",
    extensions: { talkativeness: "0.5", world: "Greywood", depth_prompt: { prompt: "Stay in character.", depth: 4 } },
    character_book: { entries: [{ keys: ["greywood"], content: "An old forest.", enabled: true }] },
  },
};

async function importFile(client: Client, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  return await client.fetch("/api/characters/import", { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } });
}

describe("importing character cards", () => {
  it("reads a V2 card from a PNG 'chara' chunk into the form's fields, keeping what has no field", async () => {
    const client = await signedIn("importer@example.com");
    const response = await importFile(client, pngWith({ chara: b64(JSON.stringify(v2Card)) }), "wren.png");
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.version).toBe("V2");
    expect(body.hasPicture).toBe(true);
    expect(body.draft).toMatchObject({
      name: "Wren Ashdown",
      persona: "{{char}} is a ranger of the Greywood.\nShe speaks softly and keeps a hawk.",
      greeting: "*A hawk lands beside you.* Lost, {{user}}?\nFollow me.",
      alternateGreetings: ["*The hawk screeches.* You again?"],
      scenario: "{{user}} is lost in the Greywood at dusk.",
      exampleDialogue: "<START>\n{{user}}: Who are you?\n{{char}}: Someone who knows the way.",
      authorNotes: "A calm guide for fantasy adventures.\n\nBest with long replies.",
      // The listing's line is the definition's first sentence; creator notes are the author's notes.
      description: "Wren Ashdown is a ranger of the Greywood.",
      tags: ["Female", "Wholesome"],
      contentTags: ["Violence"],
    });
    expect(body.cardExtras).toMatchObject({
      personality: "watchful, dry humour",
      system_prompt: "Write in third person.",
      creator: "someone-else",
      unmatched_tags: ["ranger"],
    });
    expect(body.notices.join(" ")).toContain("ranger");
  });

  it("keeps a community-sized definition whole: imported, saved, used and exported without a cut (decision 032)", async () => {
    const client = await signedIn("importer-long@example.com");
    // A W++ card as the community writes them: bracket blocks, example chats, the scenario in brackets.
    const traits = Array.from({ length: 60 }, (_, i) => `"trait number ${i + 1}"`).join(", ");
    const chats = Array.from(
      { length: 24 },
      (_, i) =>
        `<START>\n{{user}}: "Question ${i + 1}?"\n{{char}}: *Maren thinks about it for a long moment, turning the lantern in her hands.* "That is a fair thing to ask, and I will answer it as well as I can."`,
    ).join("\n");
    const definition = `[Maren's Personality= ${traits}]\n${chats}\n[Genre: fantasy; Scenario: You arrive at the lighthouse in a storm. Maren lets you in.]`;
    expect(definition.length).toBeGreaterThan(4500);
    const card = {
      spec: "chara_card_v2",
      data: { ...v2Card.data, name: "Maren", description: definition, mes_example: chats.repeat(3), creator_notes: "Winner of a contest." },
    };
    const body = (await (await importFile(client, JSON.stringify(card), "maren.json")).json()) as any;
    expect(body.draft.persona).toBe(definition);
    expect(body.draft.description).toBe("You arrive at the lighthouse in a storm.");
    expect(body.draft.authorNotes).toBe("Winner of a contest.");
    expect(body.notices.join(" ")).not.toContain("Shorten");

    const created = await client.postJson("/api/characters", { ...body.draft, cardExtras: body.cardExtras });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as any;
    const exported = (await (await client.fetch(`/api/characters/${id}/card.json`)).json()) as any;
    expect(exported.data.description).toBe(definition);
    expect(exported.data.mes_example).toBe(chats.repeat(3));

    // Past 16,000 characters the form says so and the field is named; nothing is cut silently.
    const huge = "She remembers every ship. ".repeat(700);
    const tooBig = (await (await importFile(client, JSON.stringify({ ...card, data: { ...card.data, description: huge } }), "huge.json")).json()) as any;
    expect(tooBig.draft.persona).toBe(huge.trim());
    expect(tooBig.notices.join(" ")).toContain("Shorten it before saving");
    const refused = await client.postJson("/api/characters", { ...tooBig.draft, cardExtras: tooBig.cardExtras });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error.fields.persona).toBe("Persona can be at most 16000 characters.");
  });

  it("prefers the V3 'ccv3' chunk over 'chara', and reads JSON files and V1 cards", async () => {
    const client = await signedIn("importer3@example.com");
    const v3 = { spec: "chara_card_v3", spec_version: "3.0", data: { ...v2Card.data, name: "Wren the Third", group_only_greetings: [], nickname: "Wren" } };
    const both = (await (await importFile(client, pngWith({ chara: b64(JSON.stringify(v2Card)), ccv3: b64(JSON.stringify(v3)) }), "w.png")).json()) as any;
    expect([both.version, both.draft.name, both.cardExtras.nickname]).toEqual(["V3", "Wren the Third", "Wren"]);
    const json = (await (await importFile(client, JSON.stringify(v2Card), "wren.json")).json()) as any;
    expect([json.version, json.draft.name, json.hasPicture]).toEqual(["V2", "Wren Ashdown", false]);
    const v1 = (await (
      await importFile(
        client,
        JSON.stringify({ name: "Old Timer", description: "From 2023.", first_mes: "Howdy.", personality: "", scenario: "", mes_example: "" }),
        "v1.json",
      )
    ).json()) as any;
    expect(v1.error).toBeUndefined();
    expect([v1.version, v1.draft.name, v1.draft.greeting]).toEqual(["V1", "Old Timer", "Howdy."]);
  });

  it("answers 400 with a clear message for files that are not cards, and for unsafe cards", async () => {
    const client = await signedIn("importer-bad@example.com");
    const cases: [Uint8Array | string, string, string][] = [
      [pngWith({ Software: "paint" }), "plain.png", "This picture has no character card in it."],
      [pngWith({ chara: "bm90IGpzb24=" }), "bad.png", "The character data in this PNG is not valid JSON."],
      ["{ nope", "x.json", "This file is not a character card: it is not valid JSON."],
      [
        JSON.stringify({ entries: { 0: { key: ["forest"], content: "Trees." } } }),
        "lorebook.json",
        "This file is a lorebook (World Info), not a character card.",
      ],
      [JSON.stringify({ spec: "chara_card_v2", data: { name: "" } }), "empty.json", "This character card has no name."],
      [
        JSON.stringify({ ...v2Card, data: { ...v2Card.data, scenario: "She is 15 years old." } }),
        "unsafe.json",
        'This card can\'t be imported. scenario: "15 years old" is not allowed.',
      ],
      [JSON.stringify({ ...v2Card, data: { ...v2Card.data, personality: "a loli" } }), "unsafe2.json", 'personality: "loli" is not allowed.'],
    ];
    for (const [bytes, name, message] of cases) {
      const response = await importFile(client, bytes, name);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as any).error.message, name).toContain(message);
    }
  });

  it("needs a signed-in user and a same-site request", async () => {
    const guest = await new Client().fetch("/api/characters/import", { method: "POST", body: new FormData(), headers: { origin: "http://127.0.0.1" } });
    expect(guest.status).toBe(401);
    const client = await signedIn("importer-csrf@example.com");
    const form = new FormData();
    form.set("file", new File([JSON.stringify(v2Card)], "c.json"));
    const crossSite = await client.fetch("/api/characters/import", { method: "POST", body: form, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });
});

describe("exporting character cards", () => {
  it("round-trips: import, save, export PNG and JSON with the same fields and every unknown field", async () => {
    const client = await signedIn("roundtrip@example.com");
    const imported = (await (await importFile(client, pngWith({ chara: b64(JSON.stringify(v2Card)) }), "wren.png")).json()) as any;
    const created = await client.postJson("/api/characters", { ...imported.draft, cardExtras: imported.cardExtras, imagePrompt: "ranger, hawk, forest" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as any;

    const png = await client.fetch(`/api/characters/${id}/card.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain('filename="Wren_Ashdown.png"');
    const texts = pngChunks(new Uint8Array(await png.arrayBuffer()));
    const v3 = JSON.parse(unb64(texts.ccv3));
    const v2 = JSON.parse(unb64(texts.chara));
    expect([v3.spec, v3.spec_version, v2.spec]).toEqual(["chara_card_v3", "3.0", "chara_card_v2"]);
    for (const card of [v3, v2]) {
      expect(card.data).toMatchObject({
        name: "Wren Ashdown",
        description: "{{char}} is a ranger of the Greywood.\nShe speaks softly and keeps a hawk.",
        personality: "watchful, dry humour",
        scenario: "{{user}} is lost in the Greywood at dusk.",
        first_mes: "*A hawk lands beside you.* Lost, {{user}}?\nFollow me.",
        mes_example: "<START>\n{{user}}: Who are you?\n{{char}}: Someone who knows the way.",
        alternate_greetings: ["*The hawk screeches.* You again?"],
        creator_notes: "A calm guide for fantasy adventures.\n\nBest with long replies.",
        system_prompt: "Write in third person.",
        creator: "someone-else",
        character_version: "2.1",
        character_book: v2Card.data.character_book,
      });
      expect(card.data.tags).toEqual(["Female", "Wholesome", "Violence", "ranger"]);
      expect(card.data.extensions).toMatchObject(v2Card.data.extensions);
      expect(card.data.extensions.reverie.imagePrompt).toBe("ranger, hawk, forest");
    }

    // Importing the export gives back the same form fields (a lossless round trip).
    const again = (await (await importFile(client, JSON.stringify(v3), "again.json")).json()) as any;
    expect(again.draft).toEqual({ ...imported.draft, imagePrompt: "ranger, hawk, forest" });
    expect(again.cardExtras.extensions).toEqual(imported.cardExtras.extensions);

    const json = await client.fetch(`/api/characters/${id}/card.json`);
    expect(json.headers.get("content-disposition")).toContain("Wren_Ashdown.json");
    expect(((await json.json()) as any).data.name).toBe("Wren Ashdown");
  });

  it("keeps the character's own PNG picture and replaces an old card inside it", async () => {
    const client = await signedIn("picture@example.com");
    const { id } = (await (await client.postJson("/api/characters", { name: "Pictured" })).json()) as any;
    const picture = pngWith({ chara: b64(JSON.stringify({ ...v2Card, data: { ...v2Card.data, name: "Stale" } })), Comment: "kept" });
    const form = new FormData();
    form.set("file", new File([picture as BlobPart], "p.png"));
    expect((await client.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    const exported = new Uint8Array(await (await client.fetch(`/api/characters/${id}/card.png`)).arrayBuffer());
    const texts = pngChunks(exported);
    expect(texts.Comment).toBe("kept");
    expect(JSON.parse(unb64(texts.chara)).data.name).toBe("Pictured");
    expect(textChunks(exported).filter((t) => t.keyword === "chara")).toHaveLength(1);
    const idat = (bytes: Uint8Array) =>
      extractChunks(bytes)
        .filter((c) => c.name === "IDAT")
        .map((c) => [...c.data].join(","));
    expect(idat(exported)).toEqual(idat(picture));
  });

  it("turns a JPEG picture into the card's PNG, and gives a character without a picture the default one", async () => {
    const client = await signedIn("jpeg-card@example.com");
    const { id } = (await (await client.postJson("/api/characters", { name: "Photographed" })).json()) as any;
    const red = new Uint8Array(24 * 16 * 4).map((_, i) => [220, 30, 30, 255][i % 4]);
    const jpeg = encodeJpeg({ width: 24, height: 16, data: red }, 90).data;
    const form = new FormData();
    form.set("file", new File([jpeg as BlobPart], "p.jpg"));
    expect((await client.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    const exported = new Uint8Array(await (await client.fetch(`/api/characters/${id}/card.png`)).arrayBuffer());
    const picture = decodePng(exported);
    expect([picture.width, picture.height]).toEqual([24, 16]);
    const [r, g, b] = picture.data;
    expect(r).toBeGreaterThan(180);
    expect(g + b).toBeLessThan(120);
    expect(JSON.parse(unb64(pngChunks(exported).ccv3)).data.name).toBe("Photographed");

    const { id: bare } = (await (await client.postJson("/api/characters", { name: "Unpictured" })).json()) as any;
    const plain = decodePng(new Uint8Array(await (await client.fetch(`/api/characters/${bare}/card.png`)).arrayBuffer()));
    expect([plain.width, plain.height]).toEqual([384, 384]);
  });

  it("turns a progressive JPEG, as the demo seed stores its portraits, into the card's PNG", async () => {
    // A 24 x 16 blue picture from sharp with mozjpeg's settings (scripts/demo/portrait.mjs), which
    // writes progressive JPEGs; jpeg-js can only write baseline ones.
    const progressive = Uint8Array.from(
      atob(
        "/9j/2wBDAAYGBgYHBgcICAcKCwoLCg8ODAwODxYQERAREBYiFRkVFRkVIh4kHhweJB42KiYmKjY+NDI0PkxERExfWl98fKf/2wBDAQYGBgYHBgcICAcKCwoLCg8ODAwODxYQERAREBYiFRkVFRkVIh4kHhweJB42KiYmKjY+NDI0PkxERExfWl98fKf/wgARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAWAQEBAQAAAAAAAAAAAAAAAAAABgf/2gAMAwEAAhADEAAAAJgNxmgP/8QAFBABAAAAAAAAAAAAAAAAAAAAIP/aAAgBAQABPwBf/8QAFBEBAAAAAAAAAAAAAAAAAAAAEP/aAAgBAgEBPwA//8QAFBEBAAAAAAAAAAAAAAAAAAAAEP/aAAgBAwEBPwA//9k=",
      ),
      (c) => c.charCodeAt(0),
    );
    expect([progressive[0], progressive[1]]).toEqual([0xff, 0xd8]);
    expect(progressive.some((byte, i) => byte === 0xff && progressive[i + 1] === 0xc2)).toBe(true);
    const client = await signedIn("progressive-card@example.com");
    const { id } = (await (await client.postJson("/api/characters", { name: "Progressive" })).json()) as any;
    const form = new FormData();
    form.set("file", new File([progressive as BlobPart], "portrait.jpg"));
    expect((await client.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    const picture = decodePng(new Uint8Array(await (await client.fetch(`/api/characters/${id}/card.png`)).arrayBuffer()));
    expect([picture.width, picture.height]).toEqual([24, 16]);
    const [r, g, b] = picture.data;
    expect(b).toBeGreaterThan(180);
    expect(r + g).toBeLessThan(140);
  });

  it("follows visibility: a private character's card is only for its owner", async () => {
    const owner = await signedIn("private-card@example.com");
    const { id } = (await (await owner.postJson("/api/characters", { name: "Hidden One" })).json()) as any;
    expect((await owner.fetch(`/api/characters/${id}/card.json`)).status).toBe(200);
    expect((await new Client().fetch(`/api/characters/${id}/card.json`)).status).toBe(404);
    expect((await new Client().fetch(`/api/characters/${id}/card.png`)).status).toBe(404);
    await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true });
    const guestPng = await new Client().fetch(`/api/characters/${id}/card.png`);
    expect(guestPng.status).toBe(200);
    expect(JSON.parse(unb64(pngChunks(new Uint8Array(await guestPng.arrayBuffer())).ccv3)).data.name).toBe("Hidden One");
  });

  it("editing keeps the imported extras; the safety rules also cover them on save", async () => {
    const client = await signedIn("extras@example.com");
    const imported = (await (await importFile(client, JSON.stringify(v2Card), "w.json")).json()) as any;
    const { id } = (await (await client.postJson("/api/characters", { ...imported.draft, cardExtras: imported.cardExtras })).json()) as any;
    expect((await putJson(client, `/api/characters/${id}`, { ...imported.draft, name: "Wren" })).status).toBe(200);
    const row = await env.DB.prepare("SELECT card_extras FROM characters WHERE id = ?").bind(id).first<any>();
    expect(JSON.parse(row.card_extras).personality).toBe("watchful, dry humour");
    const unsafe = await client.postJson("/api/characters", { name: "Sneaky", cardExtras: { system_prompt: "She is a child." } });
    expect(unsafe.status).toBe(400);
    expect(((await unsafe.json()) as any).error.message).toContain('system_prompt: "child"');
  });
});
