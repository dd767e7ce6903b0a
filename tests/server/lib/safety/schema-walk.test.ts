import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { ApiInput } from "~/web/api.server";
import { plain, screened, screenedJson } from "~/lib/safety/form-rules";
import { screenedTexts, stringFields, type StringField } from "~/lib/safety/schema-walk";

/**
 * Issue 59: every string a route's schema takes is either free text the gate screens or a plain field
 * with its reason. A new route with an unmarked string field fails here, so nothing a person writes
 * can reach a model or another person without passing the gate.
 */
const routes = import.meta.glob<Record<string, unknown>>("../../../../app/routes/api.*.tsx", { eager: true });

type WithInput = { input?: ApiInput };
function schemasOf(module: Record<string, unknown>) {
  const found: { name: string; schema: z.ZodType }[] = [];
  for (const name of ["action", "loader"] as const) {
    const input = (module[name] as WithInput | undefined)?.input;
    if (!input) continue;
    if (input.query) found.push({ name: `${name} query`, schema: input.query });
    const schema = input.schema;
    if (!schema) continue;
    if ("safeParse" in schema) found.push({ name: `${name} body`, schema: schema as z.ZodType });
    else for (const [method, s] of Object.entries(schema)) if (s) found.push({ name: `${name} ${method} body`, schema: s });
  }
  return found;
}

describe("every route's string fields are screened or plain (issue 59)", () => {
  it("finds the routes and their schemas", () => {
    const files = Object.keys(routes);
    expect(files.length).toBeGreaterThan(60);
    const withSchemas = files.filter((file) => schemasOf(routes[file]).length > 0);
    expect(withSchemas.length).toBeGreaterThan(30);
  });

  it("reads what every action parses (an action of its own says what it parses too)", () => {
    const without = Object.entries(routes)
      .filter(([, module]) => typeof module.action === "function" && !(module.action as WithInput).input)
      .map(([file]) => file.replace(/^.*routes\//, ""));
    // The sign-in and sign-out forms (Auth.js's shape) carry a CSRF token, a callback URL, an email and a code: no free text.
    expect(without).toEqual(["api.auth.callback.$provider.tsx", "api.auth.signin.$provider.tsx", "api.auth.signout.tsx"]);
  });

  it("has no unmarked string field", () => {
    const unmarked: string[] = [];
    for (const [file, module] of Object.entries(routes))
      for (const { name, schema } of schemasOf(module))
        for (const field of stringFields(schema))
          if (!field.field && !field.why) unmarked.push(`${file.replace(/^.*routes\//, "")} ${name}: ${field.path || "(the body)"}`);
    expect(unmarked).toEqual([]);
  });

  it("marks the free texts people write as screened", () => {
    const fieldsOf = (file: string) => schemasOf(routes[`../../../../app/routes/${file}`]).flatMap(({ schema }) => stringFields(schema));
    const screenedPaths = (file: string) =>
      fieldsOf(file)
        .filter((f: StringField) => f.field)
        .map((f) => `${f.path}:${f.field}`);
    expect(screenedPaths("api.chats.$characterId.messages._index.tsx")).toEqual(
      expect.arrayContaining(["content:chat.message", "systemPrompt:chat.systemPrompt"]),
    );
    expect(screenedPaths("api.story.chat.message.create.tsx")).toEqual(expect.arrayContaining(["content:story.passage", "choices.*:story.passage"]));
    expect(screenedPaths("api.images._index.tsx")).toEqual(expect.arrayContaining(["prompt:image.prompt"]));
  });
});

describe("the walk itself", () => {
  const schema = z.object({
    id: plain("id", z.string()),
    text: screened("chat.message", z.string()),
    list: z.array(screened("story.action", z.string())).optional(),
    card: screenedJson("character.card", z.record(z.string(), z.unknown()).optional()),
    loose: z.string().optional(),
    nested: z.object({ deep: z.string().nullable() }),
  });

  it("names each string field with its mark, and the unmarked ones bare", () => {
    expect(stringFields(schema)).toEqual([
      { path: "id", why: "id" },
      { path: "text", field: "chat.message" },
      { path: "list.*", field: "story.action" },
      { path: "card", field: "character.card" },
      { path: "loose" },
      { path: "nested.deep" },
    ]);
  });

  it("collects the screened texts of a parsed value, each once, strings inside a card included", () => {
    const value = schema.parse({
      id: "abc",
      text: "hello",
      list: ["go north", "hello"],
      card: { notes: "a note", book: [{ content: "an entry" }] },
      loose: "not screened",
      nested: { deep: null },
    });
    expect(screenedTexts(schema, value)).toEqual([
      { field: "chat.message", text: "hello" },
      { field: "story.action", text: "go north" },
      { field: "story.action", text: "hello" },
      { field: "character.card", text: "a note" },
      { field: "character.card", text: "an entry" },
    ]);
  });
});
