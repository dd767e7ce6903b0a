/**
 * SillyTavern's chat files (`.jsonl`, issue 25, decision 046): one JSON object per line, a header
 * first (`user_name`, `character_name`, `create_date`, `chat_metadata`), then one line per message
 * (`name`, `is_user`, `is_system`, `send_date`, `mes`, `extra`, and `swipes`, `swipe_id`,
 * `swipe_info` for its alternatives). Reading turns a file into rows of our message tree (a message's
 * swipes become siblings, the one on screen carries the chat on); writing turns the branch on screen
 * back into a file. Whatever a file holds that Reverie does not use is kept and written back, within
 * the limits of CHAT_IMPORT_LIMITS (issue 58). Pure: the Worker, the object and the tests share it.
 */
import * as z from "zod";
import "~/lib/zod-config";
import { formatCount as count } from "~/spec/plain-text";
import { CHAT_IMPORT_LIMITS as LIMIT } from "~/spec/limits";

/** What a message kept of its line: the keys Reverie does not use, and its swipe's own `swipe_info` entry. */
export type KeptMessage = {
  /** The line's other keys (`name`, `send_date`, `extra`, unknown ones), on the swipe that was on screen. */
  message?: Record<string, unknown>;
  /** This swipe's entry of `swipe_info`. */
  swipeInfo?: unknown;
  /** The line had `swipes`, even a single one: they are written back. */
  swipes?: true;
  /** On the version the line showed: how many swipes the line had, and how many `swipe_info` entries (absent: no `swipe_info`), so they go back as they came. */
  swipeCount?: number;
  swipeInfoLength?: number;
};

/** A row of the imported tree: `ref` and `parentRef` number the rows; `line` is where it came from (1-based). */
export type ImportedMessage = {
  ref: number;
  parentRef: number | null;
  role: "user" | "character" | "system";
  content: string;
  createdAt: number;
  /** JSON of KeptMessage, or null when the line had nothing more. */
  kept: string | null;
  /** The model that wrote it, as the file says (`extra.model`, or its swipe's), so its label survives a round trip. */
  model: string | null;
  line: number;
};

export type ImportedChat = {
  /** JSON of the header line, or null for a file without one. */
  header: string | null;
  messages: ImportedMessage[];
  /** The last row of the chat on screen. */
  leafRef: number | null;
};

/**
 * What an import brought, as a person counts it: the file's messages (its lines: a message's versions,
 * its swipes, are one line), how many of them have more than one version, and the most versions any has.
 */
export type ImportCounts = { messages: number; versioned: number; mostVersions: number; sameVersions: boolean };

/** Counts a read file's messages by line: the versions of one message share its parent. */
export function importCounts(file: Pick<ImportedChat, "messages">): ImportCounts {
  const versions = new Map<number | null, number>();
  for (const m of file.messages) versions.set(m.parentRef, (versions.get(m.parentRef) ?? 0) + 1);
  const many = [...versions.values()].filter((n) => n > 1);
  return {
    messages: versions.size,
    versioned: many.length,
    mostVersions: many.length ? Math.max(...many) : 1,
    sameVersions: many.every((n) => n === many[0]),
  };
}

/** A failure names the line (1-based) and why; `line` is null when the file has no message at all. */
export type ReadResult = { ok: true; chat: ImportedChat } | { ok: false; line: number | null; reason: string };

const message = z.lazy(() =>
  z.looseObject({
    mes: z.string({ error: "its text (mes) must be a string" }),
    is_user: z.boolean({ error: "is_user must be true or false" }).optional(),
    is_system: z.boolean({ error: "is_system must be true or false" }).optional(),
    name: z.string({ error: "name must be text" }).optional(),
    send_date: z.union([z.string(), z.number()], { error: "send_date must be a date" }).optional(),
    swipes: z.array(z.string(), { error: "swipes must be a list of texts" }).optional(),
    swipe_id: z.number({ error: "swipe_id must be a number" }).int().nonnegative().optional(),
    swipe_info: z.array(z.unknown(), { error: "swipe_info must be a list" }).optional(),
    extra: z.record(z.string(), z.unknown(), { error: "extra must be an object" }).optional(),
  }),
);

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const n = (s: string | undefined) => Number(s ?? 0);

/**
 * A SillyTavern date as epoch milliseconds, in any of the forms its versions wrote: epoch
 * milliseconds (a number or digits), ISO 8601, "2023-4-21 @20h 02m 47s 124ms", "2024-10-05@14h30m12s"
 * (with or without "123ms"), and "June 19, 2023 2:20pm". Humanised forms carry no zone; they are read
 * as UTC. Null when it is none of them.
 */
export function parseSillyTavernDate(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !value.trim()) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const human = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2}) ?@(\d{1,2})h ?(\d{1,2})m ?(\d{1,2})s(?: ?(\d{1,3})ms)?$/);
  if (human) return Date.UTC(n(human[1]), n(human[2]) - 1, n(human[3]), n(human[4]), n(human[5]), n(human[6]), n(human[7]));
  const meridiem = text.match(/^([A-Za-z]+) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}) ?(am|pm)$/i);
  if (meridiem) {
    const month = MONTHS.indexOf(meridiem[1].toLowerCase());
    if (month < 0) return null;
    const hour = (n(meridiem[4]) % 12) + (meridiem[6].toLowerCase() === "pm" ? 12 : 0);
    return Date.UTC(n(meridiem[3]), month, n(meridiem[2]), hour, n(meridiem[5]));
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const iso = Date.parse(text);
  return Number.isNaN(iso) ? null : iso;
}

/** A date as SillyTavern names chats: "2024-10-05@14h30m12s123ms" (UTC). */
export function humanizedDate(at: number) {
  const d = new Date(at);
  const two = (v: number) => String(v).padStart(2, "0");
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}@${two(d.getUTCHours())}h${two(d.getUTCMinutes())}m${two(d.getUTCSeconds())}s${String(d.getUTCMilliseconds()).padStart(3, "0")}ms`;
}

function parseLine(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "it is not valid JSON" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, reason: "it is not a JSON object" };
  return { ok: true, value: value as Record<string, unknown> };
}

const omit = (value: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
/** The model an `extra` names (SillyTavern writes `extra.model`), within reason; null when none. */
const modelOf = (extra: unknown) => {
  const model = extra && typeof extra === "object" ? (extra as { model?: unknown }).model : undefined;
  return typeof model === "string" && model.trim() && model.length <= 120 ? model.trim() : null;
};

/** The chat's title a file of ours carries in its header (`chat_metadata.reverie_title`), or null. */
export function titleInHeader(header: string | null): string | null {
  if (!header) return null;
  try {
    const title = (JSON.parse(header) as { chat_metadata?: { reverie_title?: unknown } }).chat_metadata?.reverie_title;
    return typeof title === "string" && title.trim() ? title.trim().slice(0, 80) : null;
  } catch {
    return null;
  }
}

const json = (kept: KeptMessage) => (Object.keys(kept).length ? JSON.stringify(kept) : null);
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? "").byteLength;

/** Why a message line is past a limit (issue 58), or null when it is within all of them. */
function pastLimit(m: { mes: string; swipes?: string[]; swipe_info?: unknown[]; extra?: unknown }, rest: Record<string, unknown>): string | null {
  if (m.mes.length > LIMIT.messageCharsMax)
    return `its text is ${count(m.mes.length)} characters long; a message may have at most ${count(LIMIT.messageCharsMax)}`;
  if ((m.swipes?.length ?? 0) > LIMIT.versionsMax)
    return `it has ${count(m.swipes!.length)} versions (swipes); a message may have at most ${LIMIT.versionsMax}`;
  const long = m.swipes?.find((swipe) => swipe.length > LIMIT.messageCharsMax);
  if (long !== undefined) return `a version (swipe) is ${count(long.length)} characters long; a message may have at most ${count(LIMIT.messageCharsMax)}`;
  const kb = `${LIMIT.keptBytesMax / 1024} KB`;
  if (m.swipe_info && bytes(m.swipe_info) > LIMIT.keptBytesMax) return `its swipe_info is larger than ${kb}`;
  if (m.extra && bytes(m.extra) > LIMIT.keptBytesMax) return `its extra is larger than ${kb}`;
  if (bytes(rest) > LIMIT.keptBytesMax) return `its other fields are larger than ${kb}`;
  return null;
}

/**
 * Reads a SillyTavern chat file into rows of a message tree. A message with swipes becomes siblings,
 * `swipe_id` the one on screen, which the next message answers; `is_system` lines are kept with the
 * role `system` (left out of prompts). Dates come from `send_date`; rows are stamped strictly in file
 * order, so the tree keeps the file's order whatever its dates say. The first line that is not a
 * message (after the header) is named in the answer.
 */
export function readSillyTavernChat(text: string, now = Date.now()): ReadResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const messages: ImportedMessage[] = [];
  let header: string | null = null;
  let parentRef: number | null = null;
  let stamp: number | null = null;
  let messageLines = 0;
  const at = (date: number | null) => (stamp = stamp === null ? (date ?? now) : Math.max(date ?? stamp + 1, stamp + 1));
  for (let i = 0; i < lines.length; i++) {
    const source = lines[i].trim();
    if (!source) continue;
    const line = i + 1;
    const parsed = parseLine(source);
    if (!parsed.ok) return { ok: false, line, reason: parsed.reason };
    if (header === null && !messages.length && !("mes" in parsed.value)) {
      header = JSON.stringify(parsed.value);
      if (new TextEncoder().encode(header).byteLength > LIMIT.headerBytesMax)
        return { ok: false, line, reason: `its header is larger than ${LIMIT.headerBytesMax / 1024} KB` };
      continue;
    }
    if (++messageLines > LIMIT.messagesMax)
      return { ok: false, line, reason: `the file has more than ${count(LIMIT.messagesMax)} messages, the most one import takes` };
    const read = message.safeParse(parsed.value);
    if (!read.success) return { ok: false, line, reason: read.error.issues[0]?.message ?? "it is not a message" };
    const m = read.data;
    // A narrator's line (`extra.type: "narrator"`) is shown as a note, never sent as the character's words, like `is_system`.
    const narrator = m.extra?.type === "narrator";
    const role = m.is_system || narrator ? "system" : m.is_user ? "user" : "character";
    const rest = omit(m, ["mes", "is_user", "is_system", "swipes", "swipe_id", "swipe_info"]);
    if (role === "system" && m.is_user !== undefined) rest.is_user = m.is_user;
    if (narrator && m.is_system !== undefined) rest.is_system = m.is_system;
    const over = pastLimit(m, omit(rest, ["extra"]));
    if (over) return { ok: false, line, reason: over };
    if (messages.length + Math.max(1, m.swipes?.length ?? 0) > LIMIT.rowsMax)
      return { ok: false, line, reason: `the file holds more than ${count(LIMIT.rowsMax)} messages and versions, the most one import takes` };
    const date = parseSillyTavernDate(m.send_date);
    const swipes = m.swipes?.length ? m.swipes : null;
    if (!swipes) {
      const ref = messages.length;
      messages.push({
        ref,
        parentRef,
        role,
        content: m.mes,
        createdAt: at(date),
        kept: json(Object.keys(rest).length ? { message: rest } : {}),
        model: modelOf(m.extra),
        line,
      });
      parentRef = ref;
      continue;
    }
    const shown = Math.min(m.swipe_id ?? 0, swipes.length - 1);
    let shownRef = messages.length;
    swipes.forEach((swipe, k) => {
      const info = m.swipe_info?.[k];
      const infoDate = info && typeof info === "object" ? parseSillyTavernDate((info as { send_date?: unknown }).send_date) : null;
      const onLine = { message: rest, swipes: true as const, swipeCount: swipes.length, ...(m.swipe_info ? { swipeInfoLength: m.swipe_info.length } : {}) };
      const kept: KeptMessage = { ...(info === undefined ? {} : { swipeInfo: info }), ...(k === shown ? onLine : {}) };
      const infoExtra = info && typeof info === "object" ? (info as { extra?: unknown }).extra : undefined;
      const ref = messages.length;
      if (k === shown) shownRef = ref;
      messages.push({
        ref,
        parentRef,
        role,
        content: k === shown ? m.mes : swipe,
        createdAt: at(k === shown ? (date ?? infoDate) : infoDate),
        kept: json(kept),
        model: modelOf(infoExtra) ?? (k === shown ? modelOf(m.extra) : null),
        line,
      });
    });
    parentRef = shownRef;
  }
  if (!messages.length) return { ok: false, line: null, reason: "the file has no messages" };
  return { ok: true, chat: { header, messages, leafRef: parentRef } };
}

/** A message of the branch on screen, with its versions (siblings) in order and which one is on screen. */
export type BranchMessage = {
  role: "user" | "character" | "system";
  createdAt: number;
  versions: { content: string; createdAt: number; kept: KeptMessage | null; model?: string | null }[];
  index: number;
};
export type ChatFile = {
  header: Record<string, unknown> | null;
  /** The chat's title, written into the header's metadata so it comes back with the file. */
  title?: string;
  userName: string;
  characterName: string;
  createdAt: number;
  messages: BranchMessage[];
};

const iso = (at: number) => new Date(at).toISOString();
/** The `extra` of a version written here: the model that wrote it, so its label comes back with the file. */
const ours = (v: { model?: string | null }) => (v.model ? { api: "reverie", model: v.model } : {});

/** One line of the file: the message on screen, its kept keys, and its versions as swipes. */
function messageLine(m: BranchMessage, names: { user: string; character: string }) {
  const shown = m.versions[m.index];
  const kept = shown.kept?.message ?? {};
  const isUser = m.role === "user" || (m.role === "system" && kept.is_user === true);
  const line: Record<string, unknown> = {
    name: typeof kept.name === "string" ? kept.name : isUser ? names.user : names.character,
    is_user: isUser,
    is_system: typeof kept.is_system === "boolean" ? kept.is_system : m.role === "system",
    send_date: kept.send_date ?? iso(shown.createdAt),
    mes: shown.content,
    extra: kept.extra ?? ours(shown),
    ...omit(kept, ["name", "is_user", "is_system", "send_date", "extra"]),
  };
  if (m.versions.length > 1 || shown.kept?.swipes) {
    line.swipes = m.versions.map((v) => v.content);
    line.swipe_id = m.index;
    // What the line came with goes back as it came: its swipe_info entries (none, or fewer than its
    // swipes); a version written here gets one of its own.
    const fromFile = m.versions.find((v) => v.kept?.swipes)?.kept;
    const fileSwipes = fromFile?.swipeCount ?? 0;
    const entry = (v: BranchMessage["versions"][number]) =>
      v.kept && "swipeInfo" in v.kept ? v.kept.swipeInfo : { send_date: iso(v.createdAt), extra: ours(v) };
    const info = m.versions.flatMap((v, k) => (k >= fileSwipes ? [entry(v)] : k < (fromFile?.swipeInfoLength ?? 0) ? [entry(v)] : []));
    if (!fromFile || fromFile.swipeCount === undefined) line.swipe_info = m.versions.map(entry);
    else if (fromFile.swipeInfoLength !== undefined || m.versions.length > fileSwipes) line.swipe_info = info;
  }
  return line;
}

/** The branch on screen as a SillyTavern chat file: the header (naming the person's persona and the character), then a line per message. */
export function writeSillyTavernChat(file: ChatFile) {
  const names = { user: file.userName, character: file.characterName };
  const header = {
    ...(file.header ?? {}),
    user_name: file.userName,
    character_name: file.characterName,
    create_date: file.header?.create_date ?? humanizedDate(file.createdAt),
    chat_metadata: {
      ...((file.header?.chat_metadata as Record<string, unknown> | undefined) ?? {}),
      ...(file.title ? { reverie_title: file.title } : {}),
    },
  };
  return [header, ...file.messages.map((m) => messageLine(m, names))].map((line) => JSON.stringify(line)).join("\n") + "\n";
}

/** The branch on screen as plain text: who said what, a blank line between messages; lines kept from the prompt are marked. */
export function writePlainChat(file: ChatFile) {
  const names = { user: file.userName, character: file.characterName };
  const head = `Chat with ${file.characterName}, ${new Date(file.createdAt).toUTCString()}`;
  const body = file.messages.map((m) => {
    const line = messageLine(m, names);
    return `${m.role === "system" ? "(Not sent to the character) " : ""}${String(line.name)}: ${m.versions[m.index].content}`;
  });
  return [head, ...body].join("\n\n") + "\n";
}
