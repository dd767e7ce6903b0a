import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { safeUrl } from "~/lib/safe-url";
import { ChatText } from "~/components/chat/chat-text";
import { closeOpenEmphasis, continuationJoin, wellFormed } from "~/lib/chat/streaming-text";
import { drawerLinks, showPricing, truncateName } from "~/components/shell/nav-links";
import { isFooterHidden } from "~/components/shell/footer";
import { safeCallbackUrl } from "~/lib/http/safe-redirect";
import { dismissToast, getToasts, toast } from "~/lib/toast";

const user = (over: Record<string, unknown> = {}) =>
  ({
    id: "u1",
    name: "Someone",
    email: "s@example.com",
    image: null,
    tier: "FREE",
    isSubscriptionActive: false,
    isModerator: false,
    isBanned: false,
    ...over,
  }) as any;

describe("side menu rules", () => {
  it("cuts names after 16 characters", () => {
    expect(truncateName("Sixteen chars ok")).toBe("Sixteen chars ok");
    expect(truncateName("Seventeen chars!!")).toBe("Seventeen chars!…");
    expect(truncateName(null)).toBe("");
  });

  it("shows pricing unless the subscription is active and the tier is GOLD", () => {
    expect(showPricing(null)).toBe(true);
    expect(showPricing(user({ tier: "GOLD", isSubscriptionActive: false }))).toBe(true);
    expect(showPricing(user({ tier: "SILVER", isSubscriptionActive: true }))).toBe(true);
    expect(showPricing(user({ tier: "GOLD", isSubscriptionActive: true }))).toBe(false);
  });

  it("links the user's own profile and hides account links from guests", () => {
    const none = { moderate: false, viewAnalytics: false };
    const links = drawerLinks(user({ id: "abc" }), none, { wiki: "https://wiki.example" }).map((l) => l.to);
    expect(links).toContain("/profile/abc");
    expect(drawerLinks(null, none, { wiki: "https://wiki.example" }).map((l) => l.to)).not.toContain("/account");
  });

  it("shows the moderators' and the admin's pages by what the permission module allows, not by the user's flags", () => {
    const wiki = { wiki: "https://wiki.example" };
    const flagged = user({ isModerator: true });
    expect(drawerLinks(flagged, { moderate: false, viewAnalytics: false }, wiki).map((l) => l.to)).not.toContain("/mods/modcentral");
    expect(drawerLinks(user(), { moderate: true, viewAnalytics: true }, wiki).map((l) => l.to)).toEqual(
      expect.arrayContaining(["/mods/modcentral", "/mods/analytics"]),
    );
  });

  it("hides the footer on /, /characters/chat*, /story* and in a group chat", () => {
    expect(isFooterHidden("/")).toBe(true);
    expect(isFooterHidden("/characters/chat/abc")).toBe(true);
    expect(isFooterHidden("/story")).toBe(true);
    expect(isFooterHidden("/story/123")).toBe(true);
    expect(isFooterHidden("/characters/groups/abc")).toBe(true);
    expect(isFooterHidden("/characters/groups")).toBe(false);
    expect(isFooterHidden("/characters")).toBe(false);
    expect(isFooterHidden("/faq")).toBe(false);
  });
});

describe("toasts", () => {
  it("shows one at a time: a new toast replaces the old", () => {
    toast({ title: "First" });
    const second = toast({ title: "Second", description: "newer" });
    expect(getToasts().map((t) => [t.title, t.open])).toEqual([["Second", true]]);
    second.update({ description: "updated" });
    expect(getToasts()[0].description).toBe("updated");
    dismissToast(second.id);
    expect(getToasts().map((t) => t.open)).toEqual([false]);
  });
});

describe("markdown link rules (spec section 5)", () => {
  it("keeps http, https, irc, ircs, mailto, xmpp and relative addresses, blanks the rest", () => {
    for (const ok of ["https://a.example", "http://a.example", "irc://x", "ircs://x", "mailto:a@b.c", "xmpp:a@b.c", "/rules", "rules#x", "?page=2"])
      expect(safeUrl(ok), ok).toBe(ok);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "vbscript:x", "JAVASCRIPT:alert(1)"]) expect(safeUrl(bad), bad).toBe("");
  });
});

describe("callbackUrl", () => {
  const origin = "https://reverie.example";
  it("keeps local paths and strips our own origin", () => {
    expect(safeCallbackUrl("/characters?tag=Male#top", origin)).toBe("/characters?tag=Male#top");
    expect(safeCallbackUrl("https://reverie.example/faq", origin)).toBe("/faq");
  });
  it("never leads off the site or back into the auth endpoints", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/api/auth/signout", 42, null])
      expect(safeCallbackUrl(bad, origin), String(bad)).toBe("/");
  });
});

describe("streaming narration", () => {
  it("an open asterisk is closed for display while the text arrives", () => {
    expect(closeOpenEmphasis("*She smiles")).toBe("*She smiles*");
    expect(closeOpenEmphasis("*She smiles* and")).toBe("*She smiles* and");
    expect(closeOpenEmphasis("*She smiles* and *leans ")).toBe("*She smiles* and *leans*");
    expect(closeOpenEmphasis("Hello *")).toBe("Hello");
    expect(closeOpenEmphasis("**Loud")).toBe("**Loud**");
    const html = renderToString(createElement(ChatText, { text: closeOpenEmphasis("*She tilts her head") }));
    expect(html).toContain("<em>She tilts her head</em>");
    expect(html).not.toContain("*");
  });

  it("a stopped reply is stored well formed: an open action or quote is closed", () => {
    expect(wellFormed("*Dunstan nudges")).toBe("*Dunstan nudges*");
    expect(wellFormed('*waves* "Hello there')).toBe('*waves* "Hello there"');
    expect(wellFormed('"Come in, *she smiles')).toBe('"Come in, *she smiles*"');
    expect(wellFormed('*waves* "')).toBe("*waves*");
    expect(wellFormed("“Quiet now")).toBe("“Quiet now”");
    expect(wellFormed('*waves* "Hi."')).toBe('*waves* "Hi."');
  });

  it("Continue's new text joins the message with one space, none before punctuation", () => {
    expect(continuationJoin("*Dunstan nudges*", " *a chair*")).toBe(" *a chair*");
    expect(continuationJoin("*Dunstan nudges*", "a chair")).toBe(" a chair");
    expect(continuationJoin("Hello", ", friend.")).toBe(", friend.");
    expect(continuationJoin("Hello ", "friend")).toBe("friend");
  });
});
