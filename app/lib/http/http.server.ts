import { data } from "react-router";
import type * as z from "zod";
import { fieldErrors, zodMessage as formMessage } from "~/lib/forms/errors";
import { API_MESSAGES } from "~/spec/messages";

/**
 * The request's media type, as every reader of it decides (issue 58): the part before any parameter,
 * trimmed, lower case ("Application/JSON; charset=utf-8" is "application/json"). Never a substring test
 * of the raw header, which "text/plain; x=application/json" would pass.
 */
export const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();

/** The one shape of every JSON error: a code a program can switch on and a message a person can read. */
export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; [detail: string]: unknown } };

const CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  429: "rate_limited",
  500: "server_error",
  503: "unavailable",
};

/** A JSON error answer `{ error: { code, message, fields?, ...details } }`. */
export function jsonError(status: number, message: string, details: { code?: string; fields?: Record<string, string>; [detail: string]: unknown } = {}) {
  const { code, ...rest } = details;
  return Response.json({ error: { code: code ?? CODES[status] ?? "error", message, ...rest } } satisfies ApiErrorBody, { status });
}

export const badRequest = (message: string, details?: Parameters<typeof jsonError>[2]) => jsonError(400, message, details);
export const unauthorized = (message: string = API_MESSAGES.signInRequired) => jsonError(401, message);
export const forbidden = (message: string = API_MESSAGES.forbidden) => jsonError(403, message);
export const notFound = (message: string = API_MESSAGES.notFound) => jsonError(404, message);

/**
 * Throws a 404 (or `status`) unless the condition holds (for route params, missing rows), in the one
 * error shape every answer has, `{ error: { code, message } }` (decision 013).
 */
export function invariantResponse(condition: unknown, message: string = API_MESSAGES.notFound, status = 404): asserts condition {
  if (!condition) throw data({ error: { code: CODES[status] ?? "error", message } } satisfies ApiErrorBody, { status });
}

export const zodMessage = (error: z.ZodError) => formMessage(error, API_MESSAGES.invalidInput);

/** The 400 for a body that fails its schema: the first problem as the message, and every field's. */
export const invalidBody = (error: z.ZodError) => badRequest(zodMessage(error), { fields: fieldErrors(error) });

/** JSON calls carry at most this much (a character with its lorebook fits; D1 rows stop at 1 MB). */
export const JSON_BODY_MAX = 1024 * 1024;

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * How much of a body past its limit is still read, and dropped, before the 413 is sent. A body left
 * half-read makes the runtime reset the connection: the client never sees the 413, and `wrangler
 * dev`'s proxy dies of the reset and stops serving everyone (issue 22). Past this much, the body is
 * abuse and the connection may go.
 */
export const DRAIN_MAX = 64 * 1024 * 1024;

/** Reads what is left of a body and throws it away, up to DRAIN_MAX bytes in all (`already` counts what was read). */
export async function drainBody(reader: ReadableStreamDefaultReader<Uint8Array>, already = 0) {
  let total = already;
  try {
    while (total <= DRAIN_MAX) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing is left to drain.
  }
}

/**
 * The body's bytes, counted as they arrive: past `maxBytes` the rest is drained (drainBody) and a 413
 * is thrown, whatever Content-Length claimed (a chunked body has none).
 */
export async function readBody(request: Request, maxBytes: number, tooLarge = API_MESSAGES.tooLarge(size(maxBytes))): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    await drainBody(reader);
    throw jsonError(413, tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw badRequest(API_MESSAGES.unreadableBody);
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      await drainBody(reader, total);
      throw jsonError(413, tooLarge);
    }
    chunks.push(result.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export const readText = async (request: Request, maxBytes: number, tooLarge?: string) => new TextDecoder().decode(await readBody(request, maxBytes, tooLarge));

/** A form body (urlencoded or multipart) read within `maxBytes`; null when it is not a form. */
export async function readForm(request: Request, maxBytes: number, tooLarge?: string): Promise<FormData | null> {
  const bytes = await readBody(request, maxBytes, tooLarge);
  try {
    return await new Response(bytes, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return null;
  }
}

/** Parses a JSON body (at most JSON_BODY_MAX) with a zod schema; any failure becomes a 400 with a clear message. */
export async function parseJson<T extends z.ZodTypeAny>(
  request: Request,
  schema: T,
  maxBytes = JSON_BODY_MAX,
  /** Hears a body that failed its schema, before the 400 goes (the gate records what the safety rules refused). */
  onInvalid?: (error: z.ZodError) => void,
): Promise<z.output<T>> {
  const text = await readText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest(API_MESSAGES.invalidJson);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    onInvalid?.(parsed.error);
    throw invalidBody(parsed.error);
  }
  return parsed.data;
}

/**
 * A GET or HEAD that carries a body: no route reads one, and handing it on fails (a Request cannot be
 * made with both), so it is answered here, 400 in the one error shape (issue 58); null for the rest.
 */
export function refuseBodyOnRead(request: Request): Response | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.body === null) return null;
  return badRequest(API_MESSAGES.bodyOnRead);
}

/**
 * The request with its body read through a stream the Worker entry keeps hold of, and `drain()`, which
 * reads and drops whatever of the body nobody read once the answer is made. A call refused before its
 * body mattered (401, 403, 405, 429) leaves the body unread; the runtime then drops the connection, so
 * the client's next request on it fails (issue 22; issue 58's fuzz found it on every kept-alive
 * connection). React Router hands routes a copy of the request, so the original's own stream cannot tell
 * whether anyone read it: this one can.
 */
export function trackBody(request: Request): { request: Request; drain: () => Promise<void> } {
  if (!request.body) return { request, drain: async () => {} };
  const reader = request.body.getReader();
  // Every read of the original goes through this one chain: the runtime may pull the route's stream
  // while the drain reads, and a reader takes one read at a time.
  let chain: Promise<unknown> = Promise.resolve();
  let finished = false;
  let total = 0;
  const next = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    const read = chain.then(() => (finished ? { done: true as const, value: undefined } : reader.read()));
    chain = read.then(
      (result) => {
        if (result.done) finished = true;
        else total += result.value.byteLength;
      },
      () => {
        finished = true;
      },
    );
    return read;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const result = await next();
          if (result.done) controller.close();
          else controller.enqueue(result.value);
        } catch (error) {
          controller.error(error);
        }
      },
      // A reader that stopped early (a size limit) leaves the rest to drain(), which reads it to the end.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  const tracked = new Request(request, { body, duplex: "half" } as RequestInit);
  const drain = async () => {
    try {
      while (!finished && total <= DRAIN_MAX) await next();
      if (!finished) await reader.cancel();
    } catch {
      // The client went away: nothing is left to drain.
    }
  };
  return { request: tracked, drain };
}
