import type { AppLoadContext } from "react-router";
import { getSession } from "~/services/auth/session.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { jsonError, unauthorized } from "~/lib/http/http.server";
import { isWebSocketUpgrade } from "~/lib/http/upgrade";
import { openLive } from "~/models/chat.server";
import { CHAT_MESSAGES } from "~/spec/messages";

/** 426 unless the request asks for a WebSocket: the live updates have no other form. */
export function requireSocket(request: Request) {
  if (isWebSocketUpgrade(request)) return;
  const answer = jsonError(426, CHAT_MESSAGES.liveNeedsSocket, { code: "websocket_required" });
  answer.headers.set("Upgrade", "websocket");
  throw answer;
}

/**
 * Opens a page's live updates of one of the person's chats or groups (`key`; decision 039), tagged
 * with the session that asked, so that session's end closes it (issue 58). Browsers send their page's
 * Origin with every WebSocket: only our own pages may listen (no cross-site hijacking).
 */
export async function openLiveUpdates(request: Request, context: AppLoadContext, userId: string, key: string) {
  await requireCsrf(request, context);
  const session = await getSession(request, context);
  if (!session) throw unauthorized();
  return await openLive({ env: context.env, userId }, key, { id: session.id, expiresAt: session.expiresAt.getTime() });
}
