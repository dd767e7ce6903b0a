/**
 * SillyTavern chat files in and out of a person's chats (issue 25, decision 046). The routes call
 * these; the file format is sillytavern.ts and the statements are in the person's object.
 */
import type { AppLoadContext } from "react-router";
import { isId } from "~/db/ids";
import type { SessionUser } from "~/lib/auth/session-user";
import { created } from "~/web/api.server";
import { badRequest, jsonError, mediaType, notFound, readBody, readForm } from "~/lib/http/http.server";
import { MULTIPART_OVERHEAD } from "~/lib/http/uploads.server";
import { chatIdentity, chatPersona } from "~/lib/personas";
import { answerFor, requestGate, screenedAll, type Gate } from "~/services/safety/safety-gate.server";
import { stringsWithPaths } from "~/lib/safety/form-rules";
import { EMPTY } from "~/lib/safety/screened";
import { exportChat, importChat } from "~/models/chat.server";
import { personasQuery } from "~/models/persona.server";
import { limitPerWindow, spendPerWindow } from "~/lib/http/rate-limit.server";
import { CHAT_IMPORT_LIMITS as IMPORTS, LIMITS } from "~/spec/limits";
import { CHAT_FILE_MESSAGES, CHAT_MESSAGES, SAFETY_MESSAGE, SCREEN_MESSAGES } from "~/spec/messages";
import { FALLBACK_CHARACTER_NAME, FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { requireChatCharacter } from "~/services/chat/reply.server";
import {
  importCounts,
  readSillyTavernChat,
  titleInHeader,
  writePlainChat,
  writeSillyTavernChat,
  type ImportedChat,
  type KeptMessage,
} from "~/lib/chat/sillytavern";

const MAX = LIMITS.chatFileMaxBytes;
const DAY_MS = 24 * 60 * 60 * 1000;
const tooLarge = CHAT_FILE_MESSAGES.tooLarge(`${MAX / 1024 / 1024} MB`);

/** The file's text and name: a multipart `file`, or the body itself. */
async function fileOf(request: Request): Promise<{ text: string; name: string | null }> {
  if (mediaType(request) !== "multipart/form-data") return { text: new TextDecoder().decode(await readBody(request, MAX, tooLarge)), name: null };
  const form = await readForm(request, MAX + MULTIPART_OVERHEAD, tooLarge);
  if (!form) throw badRequest(CHAT_FILE_MESSAGES.notText);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw badRequest(CHAT_FILE_MESSAGES.chooseFile);
  if (file.size > MAX) throw jsonError(413, tooLarge);
  return { text: await file.text(), name: file.name };
}

/** The file read, or the 400 naming its first line that is not a chat line. */
function readOrRefuse(text: string): ImportedChat {
  const read = readSillyTavernChat(text);
  if (!read.ok) throw badRequest(read.line === null ? CHAT_FILE_MESSAGES.noMessages : CHAT_FILE_MESSAGES.badLine(read.line, read.reason));
  return read.chat;
}

/** The imported chat's title: the file's name without its extension, else a plain one. */
const titleOf = (name: string | null) =>
  (name ?? "")
    .replace(/\.jsonl$/i, "")
    .trim()
    .slice(0, 80) || CHAT_FILE_MESSAGES.fallbackTitle;

/**
 * The rules on what people send apply to what they import (issue 59): every text of the file (its
 * messages, their names and swipes, the fields kept for export) and its title pass the gate. The
 * first refused line is named; a title that does not pass gives way to the plain one.
 */
async function screenImport(gate: Gate, file: ImportedChat, name: string | null) {
  const lines = [
    ...(file.header ? [{ line: 1, texts: [file.header] }] : []),
    ...file.messages.map((m) => ({ line: m.line, texts: stringsWithPaths(m).map((s) => s.text) })),
  ];
  const items = lines.flatMap(({ line, texts }) => texts.map((text) => ({ line, item: { field: "chat.import" as const, text } })));
  const verdicts = await gate.check([
    ...items.map((i) => i.item),
    // A file of ours carries its chat's title in its header; any other is named by its file name.
    { field: "chat.title", text: titleInHeader(file.header) ?? titleOf(name) },
    { field: "chat.title", text: CHAT_FILE_MESSAGES.fallbackTitle },
  ]);
  const refused = verdicts.slice(0, items.length).findIndex((v) => !v.ok);
  if (refused >= 0) {
    const verdict = verdicts[refused];
    if (!verdict.ok && verdict.source === "pending") throw answerFor(verdict);
    const why = !verdict.ok && verdict.hit ? SAFETY_MESSAGE(verdict.hit) : SCREEN_MESSAGES.refused;
    throw badRequest(CHAT_FILE_MESSAGES.unsafeLine(items[refused].line, why), { code: "unsafe" });
  }
  const [title, fallback] = verdicts.slice(items.length);
  return { title: title.ok ? title.text : fallback.ok ? fallback.text : EMPTY, file: screenedAll(file, verdicts.slice(0, items.length)) };
}

/**
 * POST a SillyTavern `.jsonl` chat (the body, or a multipart `file`): it becomes the person's chat on
 * screen with the character, and the chat they had stays as a saved chat. 201 `{ chatId, messages, versioned, mostVersions, sameVersions }` (messages counted by line, a message's versions as one);
 * 400 naming the line that is wrong; 413 past the size cap.
 */
export async function importChatFile(context: AppLoadContext, user: SessionUser, characterId: string | undefined, request: Request) {
  const { character } = await requireChatCharacter(context, user, characterId);
  // A day's imports have a budget (issue 58): files, then the messages they bring in. An import costs
  // nothing else: no message of the allowance, no model call.
  await limitPerWindow(context.db, { key: `chat-import:${user.id}`, limit: IMPORTS.filesPerDay, windowMs: DAY_MS, message: CHAT_FILE_MESSAGES.filesPerDay });
  const { text, name } = await fileOf(request);
  const file = readOrRefuse(text);
  await spendPerWindow(context.db, {
    key: `chat-import-rows:${user.id}`,
    amount: file.messages.length,
    limit: IMPORTS.rowsPerDay,
    windowMs: DAY_MS,
    message: CHAT_FILE_MESSAGES.rowsPerDay,
  });
  const screened = await screenImport(requestGate(context, user.id), file, name);
  const owner = { env: context.env, userId: user.id };
  const { chatId } = await importChat(context.db, owner, character, screened.title, screened.file);
  // Counted from the file as read, the way a person counts it (by line, a message's versions as one).
  return created({ chatId, ...importCounts(file) });
}

/** A file name people can read, ASCII for old browsers and UTF-8 for the rest (RFC 6266). */
function attachment(name: string, ext: string) {
  const base = name.replace(/[\\/:*?"<>|\p{C}]+/gu, "").trim() || "chat";
  const ascii = base.replace(/[^\x20-\x7e]+/g, "").trim() || "chat";
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${base}.${ext}`)}`;
}

/**
 * The branch on screen of the person's chat with a character (or of `chatId`, one of their chats with
 * it) as a SillyTavern `.jsonl` file or as plain text. A chat kept after its character went can be
 * taken too: only the person's own object is read.
 */
export async function exportChatFile(context: AppLoadContext, user: SessionUser, characterId: string | undefined, format: "jsonl" | "txt", chatId?: string) {
  if (!isId(characterId)) throw notFound(CHAT_MESSAGES.characterNotFound);
  const owner = { env: context.env, userId: user.id };
  const [chat, personas] = await Promise.all([exportChat(owner, characterId, chatId), personasQuery(context.db, user.id).all()]);
  if (!chat) throw notFound(CHAT_FILE_MESSAGES.nothingToExport);
  const file = {
    ...chat,
    // The object keeps what an imported file held as JSON text; the file writer reads it back.
    header: chat.header ? (JSON.parse(chat.header) as Record<string, unknown>) : null,
    messages: chat.messages.map((m) => ({ ...m, versions: m.versions.map((v) => ({ ...v, kept: v.kept ? (JSON.parse(v.kept) as KeptMessage) : null })) })),
    userName: chatIdentity(chatPersona(personas, chat.personaId), user, FALLBACK_USER_NAME).name,
    characterName: chat.characterName || FALLBACK_CHARACTER_NAME,
  };
  const body = format === "jsonl" ? writeSillyTavernChat(file) : writePlainChat(file);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": format === "jsonl" ? "application/jsonl; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": attachment(`${file.characterName} - ${chat.title || day}`, format),
      "Cache-Control": "private, no-store",
    },
  });
}
