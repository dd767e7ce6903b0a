import * as z from "zod";
import "~/lib/zod-config";

/**
 * What the pages open on a chat hear from the person's object over a WebSocket (decision 039):
 * `changed` (a message sent, a reply finished or failed, a swipe, an edit, a delete; the page reads
 * the chat again) and `progress` (a reply's text so far, as it is saved while being written, and
 * its whole text when it is stored), and to every page of the person, `allowance` (what is left of
 * their messages changed: one taken or given back, or a new period began).
 */
const liveEvent = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("changed") }),
    /** `done`: the reply was stored whole with this text (the page shows it so, before it reads the chat again). */
    z.object({ type: z.literal("progress"), messageId: z.string(), content: z.string(), done: z.boolean().optional() }),
    z.object({ type: z.literal("allowance"), remaining: z.number(), resetAt: z.string() }),
  ]),
);
export type LiveEvent = z.infer<typeof liveEvent>;

/** A frame from the socket as an event; null for anything else (a pong, a frame from a newer version). */
export function parseLiveEvent(frame: unknown): LiveEvent | null {
  if (typeof frame !== "string") return null;
  try {
    const parsed = liveEvent.safeParse(JSON.parse(frame));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
