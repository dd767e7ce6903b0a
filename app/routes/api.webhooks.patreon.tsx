import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireMethod, mutationOnlyLoader } from "~/lib/http/api.server";
import { badRequest, jsonError, readText } from "~/lib/http/http.server";

/** Patreon member payloads are a few KB; anything far larger is not one. */
const WEBHOOK_BODY_MAX = 256 * 1024;
import { isValidSignature, parseMemberEvent } from "~/lib/providers/patreon-webhook.server";
import { applyMemberEvent } from "~/models/patreon.server";

/** Patreon's member webhooks. The signature is checked on the raw body before anything is parsed; the state comes from that body. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const secret = context.config.patreon.webhookSecret;
  if (!secret) return jsonError(503, "Patreon webhooks are not configured on this server.");
  const raw = await readText(request, WEBHOOK_BODY_MAX);
  if (!isValidSignature(raw, request.headers.get("x-patreon-signature"), secret)) return jsonError(401, "Invalid signature.");
  const event = parseMemberEvent(request.headers.get("x-patreon-event"), raw);
  if (!event.ok) return badRequest(event.error);
  const result = await applyMemberEvent(context.db, context.config.patreon.tierMap, event.value);
  return Response.json({ success: true, ...result });
}

export const loader = mutationOnlyLoader;
