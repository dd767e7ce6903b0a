import * as z from "zod";
import "~/lib/zod-config";

/**
 * The server-sent events of a story turn (decision 019): `passage` carries the passage written so far
 * (read out of the JSON as it streams), then `done` with the stored turn, or `error`.
 */
const choice = z.lazy(() => z.object({ id: z.string(), text: z.string() }));
export const STORY_EVENTS = {
  passage: z.lazy(() => z.object({ text: z.string() })),
  done: z.lazy(() => z.object({ storyId: z.string(), messageId: z.string(), actionId: z.string().nullable(), story: z.string(), choices: z.array(choice) })),
  error: z.lazy(() => z.object({ error: z.string(), code: z.string() })),
};
export type StoryEventName = keyof typeof STORY_EVENTS;
export type StoryEvent = { [K in StoryEventName]: { event: K; data: z.output<(typeof STORY_EVENTS)[K]> } }[StoryEventName];
export type StoryDone = z.output<typeof STORY_EVENTS.done>;

const encoder = new TextEncoder();

export const storyEvent = <K extends StoryEventName>(event: K, data: z.input<(typeof STORY_EVENTS)[K]>) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** One parsed event, or null for one this version does not know or cannot read. */
export function parseStoryEvent(event: string | undefined, data: string): StoryEvent | null {
  if (!event || !(event in STORY_EVENTS)) return null;
  try {
    const parsed = STORY_EVENTS[event as StoryEventName].safeParse(JSON.parse(data));
    return parsed.success ? ({ event, data: parsed.data } as StoryEvent) : null;
  } catch {
    return null;
  }
}
