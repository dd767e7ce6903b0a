import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod";
import type { MemberEvent } from "~/models/patreon.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

export const MEMBER_EVENTS = [
  "members:create",
  "members:update",
  "members:delete",
  "members:pledge:create",
  "members:pledge:update",
  "members:pledge:delete",
] as const;

/** Patreon signs the raw body: hex HMAC-MD5 with the webhook secret, in X-Patreon-Signature. */
export function isValidSignature(rawBody: string, signature: string | null, secret: string) {
  if (!signature || !/^[0-9a-f]{32}$/i.test(signature)) return false;
  const expected = createHmac("md5", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export function signBody(rawBody: string, secret: string) {
  return createHmac("md5", secret).update(rawBody).digest("hex");
}

const payloadSchema = z.lazy(() =>
  z.object({
    data: z.object({
      id: z.string().min(1),
      type: z.literal("member"),
      attributes: z.object({ email: z.string().nullish(), patron_status: z.string().nullish(), last_charge_date: z.string().nullish() }).passthrough(),
      relationships: z
        .object({ currently_entitled_tiers: z.object({ data: z.array(z.object({ id: z.string() })) }).optional() })
        .passthrough()
        .optional(),
    }),
  }),
);

/**
 * The member's state in a verified body, or an error message for a body Patreon would not send. The
 * event header is not signed: it only tells member events from others and never decides the state.
 */
export function parseMemberEvent(event: string | null, rawBody: string): { ok: true; value: MemberEvent } | { ok: false; error: string } {
  if (!event || !(MEMBER_EVENTS as readonly string[]).includes(event)) return { ok: false, error: ACCOUNT_MESSAGES.unsupportedEvent(event) };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, error: ACCOUNT_MESSAGES.webhookNotJson };
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: ACCOUNT_MESSAGES.notMemberPayload };
  const { data } = parsed.data;
  const charged = data.attributes.last_charge_date ? new Date(data.attributes.last_charge_date) : null;
  return {
    ok: true,
    value: {
      memberId: data.id,
      lastChargeAt: charged && !Number.isNaN(charged.getTime()) ? charged : null,
      email: data.attributes.email ?? null,
      patronStatus: data.attributes.patron_status ?? null,
      entitledTierIds: data.relationships?.currently_entitled_tiers?.data.map((t) => t.id) ?? [],
    },
  };
}
