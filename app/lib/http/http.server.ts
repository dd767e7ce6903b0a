import { data } from "@remix-run/cloudflare";
import type { z } from "zod";

/** JSON error answers with one shape: `{ error: string }` (and `fields` for form errors). */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return Response.json({ success: false, error, ...extra }, { status });
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => jsonError(400, message, extra);
export const unauthorized = (message = "Please sign in to continue.") => jsonError(401, message);
export const forbidden = (message = "You do not have permission to do that.") => jsonError(403, message);
export const notFound = (message = "Not found") => jsonError(404, message);

/** Throws a 404 Response unless the condition holds (for route params, missing rows). */
export function invariantResponse(condition: unknown, message = "Not found", status = 404): asserts condition {
  if (!condition) throw data({ error: message }, { status });
}

/** Human-readable message from a zod error: the first issue, prefixed by its field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input.";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** JSON calls carry at most this much (a character with its lorebook fits; D1 rows stop at 1 MB). */
export const JSON_BODY_MAX = 1024 * 1024;

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * The body's bytes, counted as they arrive: past `maxBytes` the read stops and a 413 is thrown,
 * whatever Content-Length claimed (a chunked body has none).
 */
export async function readBody(request: Request, maxBytes: number, tooLarge = `This request is too large (at most ${size(maxBytes)}).`): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw jsonError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw badRequest("The request body could not be read.");
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
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
export async function parseJson<T extends z.ZodTypeAny>(request: Request, schema: T, maxBytes = JSON_BODY_MAX): Promise<z.output<T>> {
  const text = await readText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}
