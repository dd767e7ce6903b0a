import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCK_COPY, MODERATION_MESSAGES } from "~/spec/moderation";
import { meId, putJson, signedIn, type Client } from "../support/client";
import { insertCharacter, insertTags, insertUser } from "../support/fixtures";
import { pngWith } from "../support/png";

/**
 * Moderators answer for what they do (issue 22): they act on others' characters only through
 * moderation actions, each logged; their takedowns hold until a moderator lifts them; only the admin
 * bans moderators; the log keeps who acted after their account is gone.
 */
let owner: Client;
let ownerId: string;
let moderator: Client;

async function asModerator(email: string) {
  const client = await signedIn(email);
  await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = ?").bind(email).run();
  return client;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
const audit = async (client: Client) =>
  ((await (await client.fetch("/api/mods/audit")).json()) as { entries: { action: string; targetId: string; moderator: string }[] }).entries;
const character = () => ({ name: "Held Piece", greeting: "Hello.", tags: ["Female"], contentTags: [] as string[], isNsfwThumbnail: false });

/** Reports the character and answers the report's id (the moderator resolves it). */
async function reported(characterId: string) {
  const reader = await signedIn(`holds-reader-${crypto.randomUUID()}@example.com`);
  expect((await reader.postJson("/api/reports", { targetType: "character", targetId: characterId, reason: "tags" })).status).toBe(201);
  return (await env.DB.prepare("SELECT id FROM reports WHERE target_id = ? AND status = 'open'").bind(characterId).first<string>("id"))!;
}
const resolve = (reportId: string, body: Record<string, unknown>) => moderator.postJson(`/api/mods/reports/${reportId}/resolve`, body);

beforeAll(async () => {
  await insertTags(["Female", "Male", "Robot"], ["Violence"]);
  owner = await signedIn("holds-owner@example.com");
  ownerId = await meId(owner);
  moderator = await asModerator("holds-moderator@example.com");
});

describe("moderators act on others' characters only through moderation actions", () => {
  it("a moderator cannot publish, edit, upload to or delete someone's private character through the owner's endpoints, and nothing changes", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Private Draft", isPublic: false });
    const form = new FormData();
    form.set("file", new File([pngWith({}) as Uint8Array<ArrayBuffer>], "t.png"));
    const attempts = [
      await putJson(moderator, `/api/characters/${id}/publish`, { isPublic: true }),
      await putJson(moderator, `/api/characters/${id}`, character()),
      await moderator.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } }),
      await putJson(moderator, `/api/characters/${id}`, {}, "DELETE"),
      await moderator.fetch(`/characters/${id}/edit`, { headers: { accept: "text/html" } }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await env.DB.prepare("SELECT is_public, name FROM characters WHERE id = ?").bind(id).first()).toEqual({ is_public: 0, name: "Private Draft" });
  });
});

describe("a takedown holds until a moderator lifts it", () => {
  it("made private: the owner cannot publish it again, is told why, appeals, and can publish once a moderator lifts it", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Taken Down" });
    expect((await resolve(await reported(id), { action: "unpublish", note: "Looks like a real singer." })).status).toBe(200);

    const publish = await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true });
    expect(publish.status).toBe(403);
    expect(await errorOf(publish)).toBe(LOCK_COPY.refusedPublish);
    const page = await (await owner.fetch(`/characters/${id}/edit`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain(LOCK_COPY.private);
    expect(page).toContain("Looks like a real singer.");

    expect((await owner.postJson(`/api/characters/${id}/appeal`, { message: "She is my own invention." })).status).toBe(201);
    expect((await owner.postJson(`/api/characters/${id}/appeal`, { message: "Again." })).status).toBe(409);
    const queue = ((await (await moderator.fetch("/api/mods/reports?status=open")).json()) as { reports: { id: string; targetId: string; appeal: boolean }[] })
      .reports;
    const appeal = queue.find((r) => r.targetId === id)!;
    expect(appeal.appeal).toBe(true);
    expect((await resolve(appeal.id, { action: "lift", note: "Fair." })).status).toBe(200);
    expect((await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true })).status).toBe(200);
    expect((await audit(moderator)).filter((e) => e.targetId === id).map((e) => e.action)).toEqual(["report.lift", "report.unpublish"]);
  });

  it("tags set by a moderator: the owner's edit that changes them is refused, one that keeps them saves", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Held Piece", tags: ["Male"] });
    expect((await resolve(await reported(id), { action: "tags", tags: ["Female", "Robot"], contentTags: ["Violence"] })).status).toBe(200);
    const changed = await putJson(owner, `/api/characters/${id}`, { ...character(), tags: ["Male"] });
    expect(changed.status).toBe(403);
    expect(await errorOf(changed)).toBe(LOCK_COPY.refusedTags);
    const kept = await putJson(owner, `/api/characters/${id}`, {
      ...character(),
      name: "Held Piece, renamed",
      tags: ["Robot", "Female"],
      contentTags: ["Violence"],
    });
    expect(kept.status).toBe(200);
  });

  it("a thumbnail marked NSFW stays marked: unmarking is refused, and a new upload is marked too", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Held Piece" });
    expect((await resolve(await reported(id), { action: "nsfw" })).status).toBe(200);
    expect((await putJson(owner, `/api/characters/${id}`, { ...character(), isNsfwThumbnail: false })).status).toBe(403);
    const form = new FormData();
    form.set("file", new File([pngWith({}) as Uint8Array<ArrayBuffer>], "t.png"));
    form.set("isNsfw", "false");
    expect((await owner.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    expect(await env.DB.prepare("SELECT is_nsfw_thumbnail FROM characters WHERE id = ?").bind(id).first("is_nsfw_thumbnail")).toBe(1);
  });
});

describe("bans of moderators and the admin", () => {
  it("a moderator cannot ban or unban a moderator or the admin; the admin can ban a moderator", async () => {
    const other = await asModerator("holds-other-mod@example.com");
    const otherId = await meId(other);
    const ban = (client: Client, id: string) => client.postJson(`/api/mods/users/${id}/ban`, { reason: "Testing." });
    const refused = await ban(moderator, otherId);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(MODERATION_MESSAGES.onlyAdminBansModerators);
    expect((await ban(moderator, env.ADMIN_USER_ID)).status).toBe(403);
    expect(await env.DB.prepare("SELECT is_banned FROM users WHERE id = ?").bind(otherId).first("is_banned")).toBe(0);

    await insertUser({ id: env.ADMIN_USER_ID, email: "holds-admin@example.com", name: "The Admin", isModerator: true });
    const admin = await signedIn("holds-admin@example.com");
    expect((await ban(admin, otherId)).status).toBe(200);
    expect((await moderator.postJson(`/api/mods/users/${otherId}/unban`, {})).status).toBe(403);
    expect((await admin.postJson(`/api/mods/users/${otherId}/unban`, {})).status).toBe(200);
  });
});

describe("the moderation log answers for every action", () => {
  it("the admin's deletion of an account is logged, and a line keeps who acted after that moderator's account is deleted", async () => {
    await insertUser({ id: env.ADMIN_USER_ID, email: "holds-admin@example.com", name: "The Admin", isModerator: true }).catch(() => undefined);
    const admin = await signedIn("holds-admin@example.com");
    const leaving = await asModerator("holds-leaving-mod@example.com");
    await env.DB.prepare("UPDATE users SET name = 'Leaving Mod' WHERE email = 'holds-leaving-mod@example.com'").run();
    const id = await insertCharacter({ userId: ownerId, name: "Logged Piece" });
    expect((await leaving.postJson(`/api/mods/reports/${await reported(id)}/resolve`, { action: "dismiss" })).status).toBe(200);

    const victim = await signedIn("holds-deleted@example.com");
    const victimId = await meId(victim);
    expect((await putJson(admin, `/api/admin/user/delete/${victimId}`, {}, "DELETE")).status).toBe(200);
    const leavingId = await meId(leaving);
    expect((await putJson(admin, `/api/admin/user/delete/${leavingId}`, {}, "DELETE")).status).toBe(200);

    const entries = await audit(admin);
    expect(entries.find((e) => e.action === "user.delete" && e.targetId === victimId)).toMatchObject({ moderator: "The Admin" });
    expect(entries.find((e) => e.action === "report.dismiss" && e.targetId === id)).toMatchObject({ moderator: "Leaving Mod" });
    await expect(env.DB.prepare("UPDATE moderation_log SET moderator_id = NULL WHERE target_id = ?").bind(id).run()).rejects.toThrow(/append-only/);
  });
});
