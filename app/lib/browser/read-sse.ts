import { createParser } from "eventsource-parser";

/** Reads a streamed answer's server-sent events to the end, handing each to `onEvent` (chat replies, story turns). */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: string | undefined, data: string) => void) {
  const parser = createParser({ onEvent: (raw) => onEvent(raw.event, raw.data) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
