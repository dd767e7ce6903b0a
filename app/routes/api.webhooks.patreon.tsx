import { apiAction, onlyMethods } from "~/web/api.server";
import { badRequest, jsonError, readText } from "~/lib/http/http.server";
import { isValidSignature, parseMemberEvent } from "~/services/account/patreon-webhook.server";
import { applyMemberEvent } from "~/models/patreon.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** Patreon member payloads are a few KB; anything far larger is not one. */
const WEBHOOK_BODY_MAX = 256 * 1024;

/**
 * Patreon's member webhooks: no session or CSRF token, the signature on the raw body instead,
 * checked before anything is parsed; the state comes from that body.
 */
export const action = apiAction({ methods: ["POST"], auth: "public", csrf: false }, async ({ request, context }) => {
  const secret = context.config.patreon.webhookSecret;
  if (!secret) throw jsonError(503, ACCOUNT_MESSAGES.webhooksOff);
  const raw = await readText(request, WEBHOOK_BODY_MAX);
  if (!isValidSignature(raw, request.headers.get("x-patreon-signature"), secret)) throw jsonError(401, ACCOUNT_MESSAGES.invalidSignature);
  const event = parseMemberEvent(request.headers.get("x-patreon-event"), raw);
  if (!event.ok) throw badRequest(event.error);
  return await applyMemberEvent(context.db, context.config.patreon.tierMap, event.value);
});

export const loader = onlyMethods("POST");
