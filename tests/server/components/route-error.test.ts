import { describe, expect, it } from "vitest";
import { errorWords } from "~/components/route-error";

describe("the error page's words (issue 24)", () => {
  it("gives each status its own words, never a server error's on a refusal", () => {
    const refusal = errorWords(403, null);
    expect(refusal.title).toBe("Not allowed");
    expect(refusal.text).not.toMatch(/unexpected error/i);
    expect(errorWords(401, null)).toEqual({ title: "Please sign in", text: "Sign in to see this page." });
    expect(errorWords(429, null).text).toMatch(/wait a moment/i);
    expect(errorWords(400, null).text).not.toMatch(/unexpected error/i);
    expect(errorWords(500, null).text).toMatch(/unexpected error/i);
  });

  it("says why when the refusal or outage has its own message, but a 404 and a 500 never pass one on", () => {
    expect(errorWords(403, "Moderators only.").text).toBe("Moderators only.");
    expect(errorWords(404, "No character with id abc").text).toMatch(/couldn't find that page/);
    expect(errorWords(500, "D1_ERROR: no such table").text).not.toMatch(/D1_ERROR/);
  });
});
