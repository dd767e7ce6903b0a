import * as z from "zod";
import "~/lib/zod-config";

/**
 * The server-sent events of a reply stream (decision 010): `start` names the messages, `token`s carry
 * the text as it is written, then `done` or `error`. The server writes them with `sseEvent`; the
 * browser parses each with `REPLY_EVENTS`.
 */
export const REPLY_EVENTS = {
  start: z.lazy(() =>
    z.object({
      userMessageId: z.string().nullable(),
      messageId: z.string(),
      model: z.string(),
      label: z.string().nullable(),
      speakerId: z.string().optional(),
    }),
  ),
  token: z.lazy(() => z.object({ text: z.string() })),
  done: z.lazy(() => z.object({ userMessageId: z.string().nullable(), messageId: z.string(), content: z.string() })),
  error: z.lazy(() => z.object({ error: z.string(), messageId: z.string(), userMessageId: z.string().nullable() })),
};
export type ReplyEventName = keyof typeof REPLY_EVENTS;
export type ReplyEvent = { [K in ReplyEventName]: { event: K; data: z.output<(typeof REPLY_EVENTS)[K]> } }[ReplyEventName];

const encoder = new TextEncoder();

export function sseEvent<K extends ReplyEventName>(event: K, data: z.input<(typeof REPLY_EVENTS)[K]>) {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** One parsed event, or null for an event this version does not know or cannot read. */
export function parseReplyEvent(event: string | undefined, data: string): ReplyEvent | null {
  if (!event || !(event in REPLY_EVENTS)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = REPLY_EVENTS[event as ReplyEventName].safeParse(json);
  return parsed.success ? ({ event, data: parsed.data } as ReplyEvent) : null;
}
