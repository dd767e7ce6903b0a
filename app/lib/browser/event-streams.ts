/**
 * What reads the server's events in the browser: the reader of a streamed answer and the parsers of
 * a reply's, a story turn's and the live updates' events. They bring zod and an SSE parser, about 25
 * KiB gzip that nothing else on a chat or story page needs, so the pages load this module once they
 * are up instead of before their first paint (decision 074). Import it only through
 * `load-event-streams.ts`: a static import would bring it back into the page's first load.
 */
export { readSse } from "./read-sse";
export { parseReplyEvent } from "~/lib/chat/events";
export { parseLiveEvent } from "~/lib/chat/live-events";
export { parseStoryEvent } from "~/lib/story/events";
