import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { createId } from "~/db/ids";
import { messages, savedChats } from "~/db/schema";
import { ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { badRequest, notFound, parseJson } from "~/lib/http/http.server";
import { assertCapability, requireUser } from "~/lib/auth/permissions.server";
import { createChat, pathTo } from "~/models/chat-tree.server";
import { MESSAGES } from "~/spec/messages";

const listChats = (context: LoaderFunctionArgs["context"], userId: string, characterId: string) =>
  context.db
    .select({ id: savedChats.id, title: savedChats.title, selected: savedChats.selected, createdAt: savedChats.createdAt })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.createdAt))
    .all();

/** GET `?characterId=`: this user's saved chats with the character, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, character } = await goldCharacter(request, context, new URL(request.url).searchParams.get("characterId") ?? undefined);
  return Response.json({ chats: await listChats(context, user.id, character.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Saved chats are for GOLD users (spec section 6): the user, and the character they chat with. */
async function goldCharacter(request: Request, context: LoaderFunctionArgs["context"], characterId: string | undefined) {
  const found = await chatCharacter(request, context, characterId);
  assertCapability(found.can, "savedChats");
  return found;
}

const characterIdField = z.string({ error: "characterId is required." }).min(1, "characterId is required.");
const createSchema = z.object({ characterId: characterIdField, title: z.string().max(80, "Titles can be at most 80 characters.").default(""), copyCurrentChat: z.boolean().default(true) });
const updateSchema = z.object({ characterId: characterIdField, chatId: z.string().nullish(), title: z.string().max(80, "Titles can be at most 80 characters.").optional() });
const deleteSchema = z.object({ characterId: characterIdField, chatId: z.string().nullish() });

/** POST creates (optionally copying the chat on screen), PUT selects or renames, DELETE deletes. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST", "PUT", "DELETE");
  await requireUser(request, context);
  await requireCsrf(request, context);
  if (request.method === "POST") return createSavedChat(request, context, await parseJson(request, createSchema));
  if (request.method === "PUT") return updateSavedChat(request, context, await parseJson(request, updateSchema));
  return deleteSavedChat(request, context, await parseJson(request, deleteSchema));
}

type Context = ActionFunctionArgs["context"];

async function ownChat(context: Context, userId: string, characterId: string, chatId: string | null | undefined) {
  if (!chatId) return undefined;
  return context.db.select().from(savedChats).where(and(eq(savedChats.id, chatId), eq(savedChats.userId, userId), eq(savedChats.characterId, characterId))).get();
}

async function createSavedChat(request: Request, context: Context, body: z.output<typeof createSchema>) {
  const { user, character } = await goldCharacter(request, context, body.characterId);
  const db = context.db;
  const title = body.title.trim();
  if (!title) return badRequest(MESSAGES.savedChats.titleRequired);
  if (!body.copyCurrentChat) return ok({ chatId: await createChat(db, user.id, character, title) });
  const { chat, all } = await openChat(context, user, character);
  const path = pathTo(all, chat.leafMessageId);
  const chatId = createId();
  const ids = new Map(path.map((m) => [m.id, createId()]));
  const start = Date.now();
  await db.batch([
    db.update(savedChats).set({ selected: false }).where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))),
    db.insert(savedChats).values({ id: chatId, userId: user.id, characterId: character.id, title, selected: true, leafMessageId: path.length ? ids.get(path.at(-1)!.id)! : null }),
    ...path.map((m, i) =>
      db.insert(messages).values({ id: ids.get(m.id)!, chatId, parentId: m.parentId ? (ids.get(m.parentId) ?? null) : null, role: m.role, content: m.content, status: m.status === "streaming" ? "failed" : m.status, error: m.error, model: m.model, createdAt: new Date(start + i) }),
    ),
  ]);
  return ok({ chatId });
}

async function updateSavedChat(request: Request, context: Context, body: z.output<typeof updateSchema>) {
  const { user, character } = await goldCharacter(request, context, body.characterId);
  const db = context.db;
  const chat = await ownChat(context, user.id, character.id, body.chatId);
  if (!chat) return badRequest(MESSAGES.savedChats.selectToUpdate);
  if (body.title === undefined) {
    await db.batch([
      db.update(savedChats).set({ selected: false }).where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))),
      db.update(savedChats).set({ selected: true, updatedAt: new Date() }).where(eq(savedChats.id, chat.id)),
    ]);
    return ok();
  }
  const title = body.title.trim();
  if (!title || title === chat.title) return badRequest(MESSAGES.savedChats.newTitleRequired);
  await db.update(savedChats).set({ title }).where(eq(savedChats.id, chat.id)).run();
  return ok();
}

async function deleteSavedChat(request: Request, context: Context, body: z.output<typeof deleteSchema>) {
  const { user, character } = await goldCharacter(request, context, body.characterId);
  const db = context.db;
  if (!body.chatId) return badRequest(MESSAGES.savedChats.selectToDelete);
  const chat = await ownChat(context, user.id, character.id, body.chatId);
  if (!chat) return notFound("That chat does not exist.");
  await db.delete(savedChats).where(eq(savedChats.id, chat.id)).run();
  if (chat.selected) {
    const next = await db.select({ id: savedChats.id }).from(savedChats).where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))).orderBy(desc(savedChats.updatedAt)).get();
    if (next) await db.update(savedChats).set({ selected: true }).where(eq(savedChats.id, next.id)).run();
  }
  return ok();
}

