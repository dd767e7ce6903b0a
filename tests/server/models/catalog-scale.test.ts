import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { explainCatalog, listCatalog, PAGE_SIZE, SORTS, type CatalogQuery, type Scope } from "~/models/catalog.server";
import { putJson, signedIn } from "../support/client";
import { insertCharacter, insertTags } from "../support/fixtures";

const db = createDb(env.DB);
const COUNT = 60;

beforeAll(async () => {
  await insertTags(["Female", "Male", "Dark", "RolePlay"], ["Violence"]);
  for (let i = 0; i < COUNT; i++) {
    // Many ties on points, so the id tiebreak decides the order.
    await insertCharacter({
      id: `scale${String(i).padStart(11, "0")}`,
      name: `Scale ${i}`,
      description: "Bench row.",
      points: i % 5,
      upvotes: i,
      favorites: i % 7,
      releaseDate: new Date(1000 + i),
      tags: [i % 2 ? "Female" : "Male", ...(i % 3 === 0 ? ["Dark"] : [])],
    });
  }
});

const query = (fields: Partial<CatalogQuery> = {}): CatalogQuery => ({ page: 1, sort: "popular", viewerId: null, ...fields });

describe("catalog at scale: indexed pages, no overlaps", () => {
  it("pages follow each other without overlaps or gaps, in every sort, with and without a tag", async () => {
    for (const sort of SORTS)
      for (const tagNames of [[], ["Female"], ["Female", "Dark"]]) {
        const seen: string[] = [];
        let page = 1;
        for (;;) {
          const list = await listCatalog(db, "public", query({ sort, tagNames, page }));
          seen.push(...list.characters.map((c) => c.id));
          if (!list.hasNext) break;
          expect(list.characters).toHaveLength(PAGE_SIZE);
          page++;
        }
        const expected = (
          await env.DB.prepare(
            `SELECT c.id FROM characters c WHERE c.is_public = 1 ${tagNames.map(() => "AND EXISTS (SELECT 1 FROM character_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.character_id = c.id AND t.name = ?)").join(" ")}`,
          )
            .bind(...tagNames)
            .all<{ id: string }>()
        ).results.map((r) => r.id);
        expect(new Set(seen).size, `${sort} ${tagNames}`).toBe(seen.length);
        expect([...seen].sort(), `${sort} ${tagNames}`).toEqual([...expected].sort());
      }
  });

  it("every listing runs on indexes: no full table scan, no sort of all rows", async () => {
    const viewer = await signedIn("scale-viewer@example.com");
    const me = (await (await viewer.fetch("/api/me")).json()) as any;
    await putJson(viewer, "/api/profile/tags", { tagIds: [] }).catch(() => undefined);
    const cases: [Scope, Partial<CatalogQuery>][] = [];
    for (const sort of SORTS) {
      cases.push(["public", { sort }], ["public", { sort, tagNames: ["Female"], page: 50 }], ["public", { sort, tagNames: ["Female", "Dark"] }]);
      cases.push(["public", { sort, tagNames: ["Female"], viewerId: me.id, page: 50 }], ["public", { sort, viewerId: me.id, page: 50 }]);
    }
    cases.push(
      ["public", { q: "bench" }],
      ["recent", {}],
      ["recent", { tagNames: ["Male"] }],
      ["random", {}],
      ["random", { tagNames: ["Female"], viewerId: me.id }],
    );
    for (const [scope, fields] of cases) {
      const plan = await explainCatalog(db, scope, query(fields));
      const label = `${scope} ${JSON.stringify(fields)}:\n${plan.join("\n")}`;
      for (const line of plan) {
        expect(line, label).not.toMatch(/^SCAN (c|ct|characters|character_tags|t2|x|u|tags)\b(?! VIRTUAL)/);
        expect(line, label).not.toMatch(/TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/);
      }
    }
  });

  it("Following starts from the viewer's follows, never from the whole catalog (issue 64)", async () => {
    for (const fields of [
      { viewerId: "scalefollower01" },
      { viewerId: "scalefollower01", tagNames: ["Female"], page: 3 },
      { viewerId: "scalefollower01", q: "bench" },
    ]) {
      const plan = await explainCatalog(db, "following", query(fields));
      const label = `following ${JSON.stringify(fields)}:\n${plan.join("\n")}`;
      const follows = plan.findIndex((l) => l.startsWith("SEARCH f USING COVERING INDEX sqlite_autoindex_follows_1"));
      const theirs = plan.findIndex((l) => /^SEARCH c USING (COVERING )?INDEX characters_user_public_release_idx/.test(l));
      expect(follows, label).toBeGreaterThanOrEqual(0);
      expect(theirs, label).toBeGreaterThan(follows);
      for (const line of plan) expect(line, label).not.toMatch(/^(SCAN|SEARCH) c USING INDEX characters_public/);
      for (const line of plan) expect(line, label).not.toMatch(/^SCAN (c|characters)\b/);
    }
  });

  it("a vote, a publish and a new tag keep the tag listing's sort keys in step", async () => {
    const client = await signedIn("scale-voter@example.com");
    const created = await client.postJson("/api/characters", { name: "Keyed", tags: ["Female"] });
    const { id } = (await created.json()) as any;
    const copy = () =>
      env.DB.prepare("SELECT is_public, upvotes, favorites, released > 0 AS released FROM character_tags WHERE character_id = ?").bind(id).first<any>();
    expect(await copy()).toEqual({ is_public: 0, upvotes: 0, favorites: 0, released: 0 });
    await putJson(client, `/api/characters/${id}/publish`, { isPublic: true });
    await client.postJson(`/api/characters/${id}/upvote`, {});
    await client.postJson(`/api/characters/${id}/favorite`, {});
    expect(await copy()).toEqual({ is_public: 1, upvotes: 1, favorites: 1, released: 1 });
    const first = await listCatalog(db, "public", query({ sort: "newest", tagNames: ["Female"], page: 1 }));
    expect(first.characters.map((c) => c.id)).toContain(id);
  });
});
