import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { messages } from "~/db/schema";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { notFound, parseJson } from "~/lib/http/http.server";
import { censor } from "~/lib/safety";

/** POST `{ content }`: Stop. The reply keeps what was shown (and the message reserved for it); the writer notices and stops. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user, character } = await chatCharacter(request, context, params.characterId);
  await requireCsrf(request, context);
  const { content } = await parseJson(request, z.object({ content: z.string().max(100_000) }));
  const { all } = await openChat(context, user, character);
  const target = all.find((m) => m.id === params.messageId);
  if (!target) return notFound("That message is not in this chat.");
  const stopped = await context.db
    .update(messages)
    .set({ content: censor(content).trim() || "…", status: "complete", error: null })
    .where(and(eq(messages.id, target.id), eq(messages.status, "streaming")))
    .returning({ id: messages.id });
  return ok({ stopped: stopped.length > 0 });
}

export const loader = mutationOnlyLoader;
