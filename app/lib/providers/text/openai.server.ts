import { createParser, type EventSourceMessage } from "eventsource-parser";
import { MODEL_MESSAGES } from "~/spec/messages";
import { TEXT_GENERATION_DEFAULTS } from "~/spec/models";
import { TextGenerationError, type GenerateRequest, type TextGenerator } from "~/lib/providers/text/types";

export type OpenAiOptions = {
  baseUrl: string;
  apiKey?: string;
  models: Partial<Record<string, string>>;
  timeoutMs: number;
  /** Shown next to replies, e.g. "llama.cpp · qwen2.5-7b"; none for a configured server. */
  label?: string | null;
  fetch?: typeof fetch;
};

/** The request body: the spec's text-generation defaults, our max_tokens, the mapped model. */
export function chatCompletionBody(request: GenerateRequest, models: OpenAiOptions["models"]) {
  const { max_tokens: _default, mode: _mode, earlyStopping: _early, mirostat_mode, ...samplers } = TEXT_GENERATION_DEFAULTS;
  return {
    model: models[request.model] ?? request.model,
    messages: request.messages,
    stream: true,
    max_tokens: request.maxTokens,
    ...samplers,
    // The spec's `false`, as the integer the OpenAI-compatible servers (llama.cpp, text-generation-webui) expect.
    mirostat_mode: mirostat_mode ? 1 : 0,
  };
}

/**
 * Any OpenAI-compatible chat-completions server (vLLM, llama.cpp, KoboldCpp, text-generation-webui,
 * OpenRouter), streamed over SSE: `data: {choices:[{delta:{content}}]}` chunks until `data: [DONE]`.
 */
export function openAiGenerator(options: OpenAiOptions): TextGenerator {
  const doFetch = options.fetch ?? fetch;
  return {
    label: options.label ?? null,
    async *stream(request) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "text/event-stream",
            ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(chatCompletionBody(request, options.models)),
          signal,
        });
      } catch (error) {
        throw new TextGenerationError(timeout.aborted ? MODEL_MESSAGES.tooSlowSaved : MODEL_MESSAGES.busy, { cause: error });
      }
      if (!response.ok || !response.body) {
        const detail = await response.text().catch(() => "");
        throw new TextGenerationError(response.status === 429 ? MODEL_MESSAGES.rateLimited : MODEL_MESSAGES.busy, {
          cause: new Error(`${response.status} ${detail.slice(0, 200)}`),
        });
      }
      const queue: string[] = [];
      let finished = false;
      let failure: string | null = null;
      const parser = createParser({
        onEvent(event: EventSourceMessage) {
          if (event.data === "[DONE]") {
            finished = true;
            return;
          }
          try {
            const chunk = JSON.parse(event.data) as {
              choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
              error?: { message?: string } | string;
            };
            if (chunk.error) failure = typeof chunk.error === "string" ? chunk.error : (chunk.error.message ?? MODEL_MESSAGES.failedUnknown);
            const text = chunk.choices?.[0]?.delta?.content;
            if (text) queue.push(text);
          } catch {
            failure = MODEL_MESSAGES.unreadable;
          }
        },
      });
      // Read the bytes directly (no pipeThrough), so a dropped connection is one error we catch here.
      const reader = response.body.getReader();
      reader.closed.catch(() => undefined);
      const decoder = new TextDecoder();
      try {
        while (!finished && !failure) {
          let read: ReadableStreamReadResult<Uint8Array>;
          try {
            read = await reader.read();
          } catch (error) {
            throw new TextGenerationError(timeout.aborted ? MODEL_MESSAGES.tooSlow : MODEL_MESSAGES.brokeOff, { cause: error });
          }
          if (read.done) break;
          parser.feed(decoder.decode(read.value, { stream: true }));
          while (queue.length) yield queue.shift()!;
        }
        while (queue.length) yield queue.shift()!;
        if (failure) throw new TextGenerationError(MODEL_MESSAGES.failed(failure));
        if (!finished) throw new TextGenerationError(MODEL_MESSAGES.cutOff);
      } finally {
        reader.cancel().catch(() => undefined);
      }
    },
  };
}
