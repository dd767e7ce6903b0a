import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/lib/auth/session-user";
import { isId } from "~/db/ids";
import { notFound } from "~/lib/http/http.server";
import { findOwnMessage } from "~/models/chat.server";
import { groupView } from "~/models/groups.server";
import { GROUP_MESSAGES } from "~/spec/groups";
import { groupChatKey } from "~/user-store/groups";
import { CHAT_MESSAGES } from "~/spec/messages";

/** A message of one of the person's groups (by the group's id in the path); 404 for anything else, another group's included. */
export async function requireGroupMessage(context: Pick<AppLoadContext, "env">, user: SessionUser, groupId: string | undefined, messageId: string | undefined) {
  const owner = { env: context.env, userId: user.id };
  const target = groupId && messageId ? await findOwnMessage(owner, messageId) : null;
  if (!target || target.characterId !== groupChatKey(groupId!)) throw notFound(CHAT_MESSAGES.messageNotFound);
  return { owner, target };
}

/** A group's memory, for the memory calls (lib/chat/memory-routes.server.ts): its own, beside its conversation's branch on screen. */
export async function groupMemoryTarget(context: Pick<AppLoadContext, "env">, user: SessionUser, params: Record<string, string | undefined>) {
  const owner = { env: context.env, userId: user.id };
  const viewed = isId(params.id) ? await groupView(owner, params.id, undefined) : null;
  if (!viewed) throw notFound(GROUP_MESSAGES.notFound);
  return { owner, chatId: viewed.group.chatId, memory: viewed.memory, summaries: viewed.summaries, path: viewed.opened.all };
}
