import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "~/spec/moderation";
import { meId, signedIn, type Client } from "../support/client";
import { insertCharacter, insertChat, insertTags, insertUser, storeRows, storeValue } from "../support/fixtures";

const ORIGIN = { origin: "http://127.0.0.1", "content-type": "application/json" };
const LUNA = "modchar000000001";
const SOL = "modchar000000002";
const PRIVATE = "modchar000000003";

let author: Client;
let authorId: string;
let moderator: Client;
let moderatorId: string;

async function asModerator(email: string) {
  const client = await signedIn(email);
  await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = ?").bind(email).run();
  return client;
}

const queue = async () =>
  (
    (await (await moderator.fetch("/api/mods/reports?status=open")).json()) as {
      reports: { id: string; targetId: string; count: number; flagged: boolean; character: { name: string; authorEmail: string } | null }[];
    }
  ).reports;
const audit = async () =>
  ((await (await moderator.fetch("/api/mods/audit")).json()) as { entries: { action: string; targetId: string; reason: string | null }[] }).entries;
const report = (client: Client, targetId: string, fields: Record<string, unknown> = {}) =>
  client.postJson("/api/reports", { targetType: "character", targetId, reason: "minor", ...fields }, { origin: "http://127.0.0.1" });

beforeAll(async () => {
  await insertTags(["Female"]);
  author = await signedIn("mod-author@example.com");
  authorId = await meId(author);
  moderator = await asModerator("mod-moderator@example.com");
  moderatorId = await meId(moderator);
  await insertCharacter({ id: LUNA, userId: authorId, name: "Luna", persona: "Luna's Persona: A night-market fortune teller.", tags: ["Female"] });
  await insertCharacter({ id: SOL, userId: authorId, name: "Sol", persona: "Sol's Persona: A sunny baker." });
  await insertCharacter({ id: PRIVATE, userId: authorId, name: "Secret", isPublic: false });
});

describe("reports", () => {
  it("a signed-in user reports a character once; a repeat is 409, something they cannot see is 404, a bad reason 400", async () => {
    const reader = await signedIn("mod-reader-1@example.com");
    expect((await report(reader, SOL, { note: "Looks copied." })).status).toBe(201);
    const again = await report(reader, SOL);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(MODERATION_MESSAGES.alreadyReported);
    expect((await report(reader, PRIVATE)).status).toBe(404);
    expect((await report(reader, "modchar000000099")).status).toBe(404);
    expect((await report(reader, LUNA, { reason: "because" })).status).toBe(400);
  });

  it("a message can be reported by the person whose chat it is in, not by anyone else", async () => {
    const reader = await signedIn("mod-reader-msg@example.com");
    const readerId = await meId(reader);
    await insertChat({
      userId: readerId,
      characterId: LUNA,
      selected: true,
      messages: [{ id: "modmessage000001", role: "character", content: "The cards say..." }],
    });
    const stranger = await signedIn("mod-stranger@example.com");
    const body = { targetType: "message", targetId: "modmessage000001", reason: "other" };
    expect((await stranger.postJson("/api/reports", body, { origin: "http://127.0.0.1" })).status).toBe(404);
    expect((await reader.postJson("/api/reports", body, { origin: "http://127.0.0.1" })).status).toBe(201);
    // Mod Central reads the report's copy of the message, never the chat: the owner's later edits do not change what was reported.
    await storeRows(readerId, "UPDATE messages SET content = 'Edited after the report.' WHERE id = 'modmessage000001'");
    const item = (await queue()).find((r) => r.targetId === "modmessage000001")! as Awaited<ReturnType<typeof queue>>[number] & {
      message: { content: string };
    };
    expect(item).toMatchObject({ flagged: false, count: 1, character: { name: "Luna" }, message: { content: "The cards say..." } });

    // Deleting a message removes its words, not its place: the chat around it stays whole.
    expect((await moderator.postJson(`/api/mods/reports/${item.id}/resolve`, { action: "unpublish" }, { origin: "http://127.0.0.1" })).status).toBe(400);
    expect((await moderator.postJson(`/api/mods/reports/${item.id}/resolve`, { action: "delete" }, { origin: "http://127.0.0.1" })).status).toBe(200);
    expect(await storeValue(readerId, "SELECT content FROM messages WHERE id = 'modmessage000001'")).toBe(MODERATION_MESSAGES.removedMessage);
  });

  it("the queue puts what the safety check flagged first, then what more people reported", async () => {
    for (const n of [2, 3]) expect((await report(await signedIn(`mod-reader-${n}@example.com`), LUNA)).status).toBe(201);
    let ids = (await queue()).map((r) => r.targetId);
    expect(ids.indexOf(LUNA)).toBeLessThan(ids.indexOf(SOL));
    expect((await queue()).find((r) => r.targetId === LUNA)!.character).toMatchObject({ name: "Luna", authorEmail: "mod-author@example.com" });

    // The author edits Sol into something the safety check refuses: 400, and Sol is flagged, once.
    const edit = () =>
      author.fetch(`/api/characters/${SOL}`, {
        method: "PUT",
        headers: ORIGIN,
        body: JSON.stringify({ name: "Sol", greeting: "Hi.", persona: "Sol is a teen." }),
      });
    expect((await edit()).status).toBe(400);
    expect((await edit()).status).toBe(400);
    const flagged = (await queue()).find((r) => r.targetId === SOL)!;
    expect(flagged).toMatchObject({ flagged: true, count: 2 });
    ids = (await queue()).map((r) => r.targetId);
    expect(ids[0]).toBe(SOL);
  });
});

describe("Mod Central's actions", () => {
  it("making a character private resolves all its reports and is logged; the same report cannot be resolved twice", async () => {
    const item = (await queue()).find((r) => r.targetId === LUNA)!;
    const resolve = () =>
      moderator.postJson(`/api/mods/reports/${item.id}/resolve`, { action: "unpublish", note: "Under review" }, { origin: "http://127.0.0.1" });
    expect((await resolve()).status).toBe(200);
    expect(await env.DB.prepare("SELECT is_public FROM characters WHERE id = ?").bind(LUNA).first("is_public")).toBe(0);
    expect((await queue()).some((r) => r.targetId === LUNA)).toBe(false);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE target_id = ? AND status = 'open'").bind(LUNA).first("n")).toBe(0);
    expect((await resolve()).status).toBe(404);
    expect((await audit())[0]).toMatchObject({ action: "report.unpublish", targetId: LUNA, reason: "Under review" });
  });

  it("a ban takes effect on the author's next request; an unban gives everything back; both are logged", async () => {
    const ban = await moderator.postJson(`/api/mods/users/${authorId}/ban`, { reason: "Repeated unsafe edits" }, { origin: "http://127.0.0.1" });
    expect(ban.status).toBe(200);
    expect((await author.fetch("/api/me")).status).toBe(403);
    const page = await author.fetch("/characters", { headers: { accept: "text/html" } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("support@reverie.example");
    expect((await moderator.postJson(`/api/mods/users/${authorId}/unban`, {}, { origin: "http://127.0.0.1" })).status).toBe(200);
    expect((await author.fetch("/api/me")).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM characters WHERE user_id = ?").bind(authorId).first("n")).toBe(3);
    const [unban, banLine] = await audit();
    expect(unban).toMatchObject({ action: "user.unban", targetId: authorId });
    expect(banLine).toMatchObject({ action: "user.ban", targetId: authorId, reason: "Repeated unsafe edits" });
  });

  it("bans and unbans an account whose id is not 16 characters long (the demo seed's readers)", async () => {
    const readerId = await insertUser({ id: "demoreader907", email: "mod-short-id@example.com" });
    const reader = await signedIn("mod-short-id@example.com");
    expect((await moderator.postJson(`/api/mods/users/${readerId}/ban`, { reason: "Spam" }, { origin: "http://127.0.0.1" })).status).toBe(200);
    expect((await reader.fetch("/api/me")).status).toBe(403);
    expect((await moderator.postJson(`/api/mods/users/${readerId}/unban`, {}, { origin: "http://127.0.0.1" })).status).toBe(200);
    expect((await reader.fetch("/api/me")).status).toBe(200);
  });

  it("a ban needs a reason, and nobody bans themselves or the admin", async () => {
    expect((await moderator.postJson(`/api/mods/users/${authorId}/ban`, { reason: " " }, { origin: "http://127.0.0.1" })).status).toBe(400);
    expect((await moderator.postJson(`/api/mods/users/${moderatorId}/ban`, { reason: "Oops" }, { origin: "http://127.0.0.1" })).status).toBe(403);
    expect((await moderator.postJson("/api/mods/users/modnobody0000001/ban", { reason: "Gone" }, { origin: "http://127.0.0.1" })).status).toBe(404);
  });

  it("the user search finds people by email, name or id, with their characters and open reports", async () => {
    const found = async (q: string) =>
      ((await (await moderator.fetch(`/api/mods/users?q=${encodeURIComponent(q)}`)).json()) as { users: { id: string; characters: { id: string }[] }[] }).users;
    expect((await found("mod-author@")).map((u) => u.id)).toEqual([authorId]);
    expect((await found(authorId))[0].characters.map((c) => c.id).sort()).toEqual([LUNA, SOL, PRIVATE].sort());
    expect(await found("100%_nobody")).toEqual([]);
  });

  it("a FREE user gets 403 from every moderator call", async () => {
    const free = await signedIn("mod-free@example.com");
    const calls = [
      free.fetch("/api/mods/reports?status=open"),
      free.fetch("/api/mods/audit"),
      free.fetch("/api/mods/users?q=a"),
      free.postJson("/api/mods/reports/modreport0000001/resolve", { action: "dismiss" }, { origin: "http://127.0.0.1" }),
      free.postJson(`/api/mods/users/${authorId}/ban`, { reason: "x" }, { origin: "http://127.0.0.1" }),
      free.postJson(`/api/mods/users/${authorId}/unban`, {}, { origin: "http://127.0.0.1" }),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });
});

describe("the moderation log is append-only", () => {
  it("refuses to delete or rewrite a line; deleting a moderator's account keeps their lines", async () => {
    const id = (await env.DB.prepare("SELECT id FROM moderation_log LIMIT 1").first<string>("id"))!;
    await expect(env.DB.prepare("DELETE FROM moderation_log WHERE id = ?").bind(id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("UPDATE moderation_log SET reason = 'edited' WHERE id = ?").bind(id).run()).rejects.toThrow(/append-only/);
    const gone = await insertUser({ email: "mod-gone@example.com", isModerator: true });
    await env.DB.prepare(
      "INSERT INTO moderation_log (id, moderator_id, action, target_type, target_id) VALUES ('modlog0000000001', ?, 'user.ban', 'user', 'x')",
    )
      .bind(gone)
      .run();
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(gone).run();
    // The actor stays: no foreign key rewrites the line (decision 026).
    expect(await env.DB.prepare("SELECT moderator_id FROM moderation_log WHERE id = 'modlog0000000001'").first("moderator_id")).toBe(gone);
  });
});
