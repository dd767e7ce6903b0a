import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { createId } from "~/db/ids";
import { messages, savedChats } from "~/db/schema";
import { ok, requireMethod } from "~/lib/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { requireCsrf } from "~/lib/csrf.server";
import { badRequest, forbidden, notFound, parseJson } from "~/lib/http.server";
import type { SessionUser } from "~/lib/session.server";
import { createChat, pathTo } from "~/models/chat-tree.server";
import { MESSAGES } from "~/spec/messages";

/** Saved chats are for GOLD users, enforced here (spec section 6). */
function requireGold(user: SessionUser) {
  if (user.tier !== "GOLD") throw forbidden(MESSAGES.savedChats.goldOnly);
}

const listChats = (context: LoaderFunctionArgs["context"], userId: string, characterId: string) =>
  context.db
    .select({ id: savedChats.id, title: savedChats.title, selected: savedChats.selected, createdAt: savedChats.createdAt })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.createdAt))
    .all();

/** GET `?characterId=`: this user's saved chats with the character, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, character } = await chatCharacter(request, context, new URL(request.url).searchParams.get("characterId") ?? undefined);
  requireGold(user);
  return Response.json({ chats: await listChats(context, user.id, character.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

const characterIdField = z.string({ error: "characterId is required." }).min(1, "characterId is required.");
const createSchema = z.object({ characterId: characterIdField, title: z.string().max(80, "Titles can be at most 80 characters.").default(""), copyCurrentChat: z.boolean().default(true) });
const updateSchema = z.object({ characterId: characterIdField, chatId: z.string().nullish(), title: z.string().max(80, "Titles can be at most 80 characters.").optional() });
const deleteSchema = z.object({ characterId: characterIdField, chatId: z.string().nullish() });

/** POST creates (optionally copying the chat on screen), PUT selects or renames, DELETE deletes. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST", "PUT", "DELETE");
  const raw = (await request.clone().json().catch(() => ({}))) as { characterId?: string };
  const { user, character } = await chatCharacter(request, context, typeof raw.characterId === "string" ? raw.characterId : undefined);
  await requireCsrf(request, context);
  requireGold(user);
  const db = context.db;
  const own = async (chatId: string | null | undefined) => {
    const chat = chatId ? await db.select().from(savedChats).where(and(eq(savedChats.id, chatId), eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))).get() : undefined;
    return chat;
  };

  if (request.method === "POST") {
    const body = await parseJson(request, createSchema);
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

  if (request.method === "PUT") {
    const body = await parseJson(request, updateSchema);
    const chat = await own(body.chatId);
    if (body.title === undefined) {
      if (!chat) return badRequest(MESSAGES.savedChats.selectToUpdate);
      await db.batch([
        db.update(savedChats).set({ selected: false }).where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))),
        db.update(savedChats).set({ selected: true, updatedAt: new Date() }).where(eq(savedChats.id, chat.id)),
      ]);
      return ok();
    }
    if (!chat) return badRequest(MESSAGES.savedChats.selectToUpdate);
    const title = body.title.trim();
    if (!title || title === chat.title) return badRequest(MESSAGES.savedChats.newTitleRequired);
    await db.update(savedChats).set({ title }).where(eq(savedChats.id, chat.id)).run();
    return ok();
  }

  const body = await parseJson(request, deleteSchema);
  const chat = await own(body.chatId);
  if (!body.chatId) return badRequest(MESSAGES.savedChats.selectToDelete);
  if (!chat) return notFound("That chat does not exist.");
  await db.delete(savedChats).where(eq(savedChats.id, chat.id)).run();
  if (chat.selected) {
    const next = await db.select({ id: savedChats.id }).from(savedChats).where(and(eq(savedChats.userId, user.id), eq(savedChats.characterId, character.id))).orderBy(desc(savedChats.updatedAt)).get();
    if (next) await db.update(savedChats).set({ selected: true }).where(eq(savedChats.id, next.id)).run();
  }
  return ok();
}
