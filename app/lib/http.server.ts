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

/** Parses a JSON body with a zod schema; any failure becomes a 400 with a clear message. */
export async function parseJson<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest("The request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}
