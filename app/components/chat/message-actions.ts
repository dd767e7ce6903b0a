/**
 * Which actions a message offers, in the order they are shown (issue 60): a pure reading of what the
 * message is and what the person may do, so the rules are tested without rendering a chat. The
 * component gives each its label, icon and handler. `primary` actions sit in the message's row on every
 * width; the rest fold into "More actions" on phones.
 */
export type MessageActionKind = "regenerate" | "branch" | "play" | "picture" | "continue" | "edit" | "copy" | "remember" | "remembered" | "delete" | "report";

export type MessageFacts = {
  role: "user" | "character" | "system";
  status: "complete" | "streaming" | "failed" | string;
  /** The last message on screen (a reply there is regenerated; an earlier one is branched from). */
  isLast: boolean;
  /** It answers something (a greeting has no parent: it is not regenerated, continued or deleted). */
  hasParent: boolean;
  /** It has words (an empty reply is not remembered). */
  hasContent: boolean;
  /** Guests: read, copy and listen; nothing that changes the chat. */
  readOnly: boolean;
  /** Pictures are on for a signed-in person. */
  canPicture: boolean;
  /** Continue is offered (chats; not groups). */
  canContinue: boolean;
  /** "Remember this" is offered (chats and groups with a memory). */
  canRemember: boolean;
  /** Report is offered (a chat's replies). */
  canReport: boolean;
  /** "What it remembered" is offered (a signed-in person's chats and groups, issue 62): the reply used a memory, the summary, a recalled moment or world info. */
  canShowMemory?: boolean;
};

export const PRIMARY_ACTIONS: ReadonlySet<MessageActionKind> = new Set(["regenerate", "play", "picture"]);

export function messageActions(m: MessageFacts): MessageActionKind[] {
  const reply = m.role === "character";
  const complete = m.status === "complete";
  const writes = !m.readOnly;
  const offered: [MessageActionKind, boolean][] = [
    ["regenerate", writes && reply && m.hasParent && m.status !== "failed" && m.isLast],
    ["branch", writes && reply && m.hasParent && m.status !== "failed" && !m.isLast],
    ["play", reply && complete],
    ["picture", writes && m.canPicture && reply && complete],
    ["continue", writes && m.canContinue && reply && m.isLast && complete && m.hasParent],
    ["edit", writes && m.role !== "system"],
    ["copy", true],
    ["remember", writes && m.canRemember && complete && m.hasContent],
    ["remembered", writes && !!m.canShowMemory && reply && complete && m.hasParent],
    ["delete", writes && (m.role === "user" || m.hasParent)],
    ["report", writes && m.canReport && reply && complete],
  ];
  return offered.filter(([, on]) => on).map(([kind]) => kind);
}
