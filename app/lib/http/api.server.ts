import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { requireCsrf } from "~/lib/http/csrf.server";
import { badRequest, jsonError, parseJson, readForm } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";

/** Refuses any method the route does not serve with 405 and an Allow header. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    const response = jsonError(405, `Use ${methods.join(" or ")}.`);
    response.headers.set("Allow", methods.join(", "));
    throw response;
  }
}

/** A signed-in JSON mutation: method, user, CSRF and a zod-parsed body, in that order. */
export async function jsonMutation<T extends z.ZodTypeAny>(request: Request, context: AppLoadContext, methods: string[], schema: T) {
  requireMethod(request, ...methods);
  const user = await requireUser(request, context);
  await requireCsrf(request, context);
  const body = await parseJson(request, schema);
  return { user, body };
}

export const ok = (extra: Record<string, unknown> = {}) => Response.json({ success: true, ...extra });

/** `loader` for routes that only take mutations: a GET answers 405 instead of Remix's "no loader" error. */
export const mutationOnlyLoader = ({ request }: { request: Request }) => {
  const response = Response.json({ success: false, error: `${request.method} is not supported here.` }, { status: 405 });
  return response;
};

/**
 * A multipart upload's form, read within `maxBytes` (413 past it, counted as it arrives), after its
 * CSRF token (a form field) is checked; 400 when it is not multipart.
 */
export async function multipartForm(request: Request, context: AppLoadContext, notMultipart: string, maxBytes: number, tooLarge: string) {
  const form = await readForm(request, maxBytes, tooLarge);
  if (!form) throw badRequest(notMultipart);
  await requireCsrf(request, context, form.get("csrfToken"));
  return form;
}
