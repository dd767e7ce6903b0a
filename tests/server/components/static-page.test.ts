import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/spec/messages";

// The FAQ's sentence on the ways in besides email (issue 61): only those this deployment offers.
describe("the FAQ's other sign-in methods", () => {
  const said = (ids: ("google" | "discord" | "patreon")[]) => MESSAGES.signIn.otherWays(ids.map((id) => MESSAGES.signIn[id]));

  it("names each configured provider, as the spec words all three", () => {
    expect(said(["google", "discord", "patreon"])).toBe("You can also choose Continue with Google, Continue with Discord or Continue with Patreon.");
    expect(said(["google", "patreon"])).toBe("You can also choose Continue with Google or Continue with Patreon.");
    expect(said(["discord"])).toBe("You can also choose Continue with Discord.");
  });

  it("says nothing when email is the only way in", () => {
    expect(said([])).toBe("");
  });
});
