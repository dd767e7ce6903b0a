import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { redacted } from "~/lib/log";
import { insertUser, testDb } from "../support/fixtures";
import type { ScreenedText } from "~/lib/safety/screened";

describe("logs never carry what people wrote (issue 22)", () => {
  it("a failed statement's error is logged without its bound values: no email, no text, no hash", async () => {
    await insertUser({ email: "log-secret@example.com" });
    let thrown: unknown;
    try {
      await testDb()
        .insert(users)
        .values({ email: "log-secret@example.com", name: "private chat line 7781" as ScreenedText, persona: "hash 9f86d081884c7d65" as ScreenedText })
        .run();
    } catch (error) {
      thrown = error;
    }
    expect(String((thrown as Error).message)).toContain("log-secret@example.com");
    const logged = redacted(thrown);
    expect(logged).toContain("UNIQUE constraint failed: users.email");
    for (const secret of ["log-secret@example.com", "private chat line 7781", "9f86d081884c7d65"]) expect(logged).not.toContain(secret);
  });
});
