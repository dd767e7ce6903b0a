/**
 * Who answers next in a group chat (issue 26, decision 051). Pure, so the server decides and tests
 * check it without a model. Members are in the group's order; muted or unavailable ones never speak.
 */
import { shortName } from "~/lib/character-name";
import type { GroupMode } from "~/spec/groups";

export type Speaker = { id: string; name: string };
/** A message of the branch on screen, oldest first: the person's (`speakerId` null) or a member's. */
export type Turn = { id?: string; role: "user" | "character" | "system"; speakerId: string | null; content: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where in `text` a member is named (by their short name, their full name, or @name), or -1. */
export function namedAt(text: string, member: Speaker) {
  const names = [...new Set([member.name, shortName(member.name)])].filter((n) => n.trim().length > 1);
  let at = -1;
  for (const name of names) {
    const found = new RegExp(`(^|[^\\p{L}\\p{N}])@?${escape(name)}(?![\\p{L}\\p{N}])`, "iu").exec(text);
    if (found && (at < 0 || found.index < at)) at = found.index;
  }
  return at;
}

/** The members a text names, in the order it names them. */
export function namedIn(text: string, members: Speaker[]) {
  return members
    .map((m) => ({ m, at: namedAt(text, m) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.m);
}

/**
 * The member who answers now, or null when nobody may (manual mode without a pick, or nobody left).
 * `pick` (the "Who's next" row) wins in every mode when it is one of `speakers`.
 */
export function nextSpeaker(input: { speakers: Speaker[]; mode: GroupMode; history: Turn[]; pick?: string | null }): Speaker | null {
  const { speakers, history } = input;
  if (!speakers.length) return null;
  if (input.pick) return speakers.find((s) => s.id === input.pick) ?? null;
  if (input.mode === "manual") return null;
  const spoken = history.filter((t) => t.role !== "system");
  const lastSpeaker = [...spoken].reverse().find((t) => t.role === "character" && t.speakerId)?.speakerId ?? null;
  if (input.mode === "turn") {
    const at = speakers.findIndex((s) => s.id === lastSpeaker);
    return speakers[(at + 1) % speakers.length];
  }
  // Natural: a member who has just spoken does not answer themselves.
  const last = spoken.at(-1);
  const justSpoke = last?.role === "character" ? last.speakerId : null;
  const others = speakers.filter((s) => s.id !== justSpoke);
  if (!others.length) return speakers[0];
  // Named in the last message (the person's, or another member's words to them): they answer first.
  if (last) {
    const named = namedIn(last.content, others);
    if (named.length) return named[0];
  }
  // Otherwise the one silent longest (never spoken counts as longest; ties go in the group's order).
  const lastSaid = (id: string) => {
    for (let i = spoken.length - 1; i >= 0; i--) if (spoken[i].speakerId === id) return i;
    return -1;
  };
  return others.reduce((best, s) => (lastSaid(s.id) < lastSaid(best.id) ? s : best));
}
