import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/lib/auth/session.server";
import { notFound } from "~/lib/http/http.server";
import { findOwnMessage } from "~/models/chat.server";
import { groupChatKey } from "~/user-store/groups";
import { CHAT_MESSAGES } from "~/spec/messages";

/** A message of one of the person's groups (by the group's id in the path); 404 for anything else, another group's included. */
export async function requireGroupMessage(context: Pick<AppLoadContext, "env">, user: SessionUser, groupId: string | undefined, messageId: string | undefined) {
  const owner = { env: context.env, userId: user.id };
  const target = groupId && messageId ? await findOwnMessage(owner, messageId) : null;
  if (!target || target.characterId !== groupChatKey(groupId!)) throw notFound(CHAT_MESSAGES.messageNotFound);
  return { owner, target };
}
