import { useEffect, useRef, useState } from "react";
import { isApiError } from "~/hooks/use-api";
import { jsonHeaders } from "~/lib/browser/api-client";
import { eventStreams } from "~/lib/browser/load-event-streams";
import type { StoryDone } from "~/lib/story/events";
import { MESSAGES } from "~/spec/messages";
import { STORY_MESSAGES } from "~/spec/story";
import { localizeResetMessage } from "~/lib/local-time";

export type TurnRequest = Record<string, unknown>;
/** `dropped`: the connection went before the answer; the turn may have been stored all the same. */
type Failure = { message: string; request: TurnRequest; allowanceEmpty: boolean; dropped: boolean };

/**
 * One story turn, streamed (POST /api/story/generate with Accept: text/event-stream): the passage
 * as it is written, then the stored turn. A failure keeps the request, so Retry sends it again and
 * what the person typed stays where it was.
 */
export function useStoryTurn(onDone: (done: StoryDone) => void) {
  const [busy, setBusy] = useState(false);
  const [passage, setPassage] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const running = useRef(false);
  // The stream's reader loads after hydration (decision 074), so a turn does not wait for it.
  useEffect(() => void eventStreams().catch(() => {}), []);

  async function send(request: TurnRequest) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    setPassage("");
    const result: { done: StoryDone | null; error: string | null; allowanceEmpty: boolean } = { done: null, error: null, allowanceEmpty: false };
    try {
      // Loaded before anything is sent: should it fail to load, nothing was sent, and Retry keeps the request.
      const streams = await eventStreams().catch(() => null);
      const response =
        streams &&
        (await fetch("/api/story/generate", {
          method: "POST",
          headers: { ...jsonHeaders(), accept: "text/event-stream" },
          body: JSON.stringify(request),
        }));
      if (!streams || !response) {
        result.error = MESSAGES.generic.somethingWentWrong;
      } else if (!response.ok || !response.body) {
        const answer: unknown = await response.json().catch(() => ({}));
        result.error = (isApiError(answer) && localizeResetMessage(answer.error.message, answer.error.resetAt)) || MESSAGES.generic.somethingWentWrong;
        result.allowanceEmpty = isApiError(answer) && answer.error.code === "allowance_empty";
      } else {
        const { readSse, parseStoryEvent } = streams;
        await readSse(response.body, (name, data) => {
          const event = parseStoryEvent(name, data);
          if (event?.event === "passage") setPassage(event.data.text);
          else if (event?.event === "done") result.done = event.data;
          else if (event?.event === "error") result.error = event.data.error;
        });
        if (!result.done && !result.error) result.error = STORY_MESSAGES.connectionDropped;
      }
    } catch {
      result.error = STORY_MESSAGES.connectionDropped;
    } finally {
      running.current = false;
      setBusy(false);
    }
    if (result.done) onDone(result.done);
    else {
      setPassage(null);
      setFailure({
        message: result.error ?? MESSAGES.generic.somethingWentWrong,
        request,
        allowanceEmpty: result.allowanceEmpty,
        dropped: result.error === STORY_MESSAGES.connectionDropped,
      });
    }
  }

  return {
    busy,
    /** The passage being written (null when none is). */
    passage,
    failure,
    send,
    retry: () => failure && send(failure.request),
    clear: () => setPassage(null),
    dismiss: () => setFailure(null),
  };
}
