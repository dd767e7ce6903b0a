import { describe, expect, it } from "vitest";
import { messageActions, type MessageFacts } from "~/components/chat/message-actions";

const reply = (fields: Partial<MessageFacts> = {}): MessageFacts => ({
  role: "character",
  status: "complete",
  isLast: true,
  hasParent: true,
  hasContent: true,
  readOnly: false,
  canPicture: true,
  canContinue: true,
  canRemember: true,
  canReport: true,
  ...fields,
});

describe("the actions a message offers", () => {
  it("the last reply: regenerate, play, picture, continue, edit, copy, remember, delete, report, in that order", () => {
    expect(messageActions(reply())).toEqual(["regenerate", "play", "picture", "continue", "edit", "copy", "remember", "delete", "report"]);
  });

  it('"What it remembered" on a finished reply where the page offers it (issue 62); never on a greeting, a person\'s message, or a reply still written', () => {
    expect(messageActions(reply({ canShowMemory: true }))).toEqual([
      "regenerate",
      "play",
      "picture",
      "continue",
      "edit",
      "copy",
      "remember",
      "remembered",
      "delete",
      "report",
    ]);
    expect(messageActions(reply({ canShowMemory: true, hasParent: false }))).not.toContain("remembered");
    expect(messageActions(reply({ canShowMemory: true, role: "user" }))).not.toContain("remembered");
    expect(messageActions(reply({ canShowMemory: true, status: "streaming" }))).not.toContain("remembered");
    expect(messageActions(reply({ canShowMemory: true, readOnly: true }))).not.toContain("remembered");
  });

  it("an earlier reply branches instead of regenerating, and is not continued", () => {
    const actions = messageActions(reply({ isLast: false }));
    expect(actions).toContain("branch");
    expect(actions).not.toContain("regenerate");
    expect(actions).not.toContain("continue");
  });

  it("the greeting (no parent) is neither regenerated, continued nor deleted, but can be played, edited and remembered", () => {
    expect(messageActions(reply({ hasParent: false }))).toEqual(["play", "picture", "edit", "copy", "remember", "report"]);
  });

  it("a failed reply offers no regenerate or branch from its menu (Retry is its own button), nor play, picture or report", () => {
    expect(messageActions(reply({ status: "failed" }))).toEqual(["edit", "copy", "delete"]);
  });

  it("a reply being written offers nothing that needs its whole text", () => {
    expect(messageActions(reply({ status: "streaming" }))).toEqual(["regenerate", "edit", "copy", "delete"]);
  });

  it("the person's own message: edit, copy, remember and delete", () => {
    expect(messageActions(reply({ role: "user" }))).toEqual(["edit", "copy", "remember", "delete"]);
  });

  it("a hidden note of an imported chat is only copied, remembered or deleted", () => {
    expect(messageActions(reply({ role: "system" }))).toEqual(["copy", "remember", "delete"]);
  });

  it("a guest reads, listens and copies", () => {
    expect(messageActions(reply({ readOnly: true }))).toEqual(["play", "copy"]);
    expect(messageActions(reply({ readOnly: true, role: "user" }))).toEqual(["copy"]);
  });

  it("what the place does not offer is not shown: pictures off, a group (no continue, no report), no memory, an empty reply", () => {
    const group = messageActions(reply({ canPicture: false, canContinue: false, canReport: false }));
    expect(group).toEqual(["regenerate", "play", "edit", "copy", "remember", "delete"]);
    expect(messageActions(reply({ canRemember: false }))).not.toContain("remember");
    expect(messageActions(reply({ hasContent: false }))).not.toContain("remember");
  });
});
