import { data, type AppLoadContext } from "react-router";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "~/lib/http/route-args";
import type * as z from "zod";
import type { Capabilities } from "~/lib/auth/capabilities";
import { capabilities, getViewer, requireCapability, requireUser, type BooleanCapability } from "~/services/auth/permissions.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { requireCsrf } from "~/lib/http/csrf.server";
import { clientIp, limitPerMinute, type MinuteLimit } from "~/lib/http/rate-limit.server";
import { jsonError, parseJson, readForm, badRequest, invalidBody } from "~/lib/http/http.server";
import { API_MESSAGES } from "~/spec/messages";
import { logError } from "~/lib/log";
import { requestGate } from "~/services/safety/safety-gate.server";
import type { Confirmed } from "~/lib/safety/screened";
import { screenedTexts } from "~/lib/safety/schema-walk";

/**
 * The one wrapper of the JSON API (decision 013). Every call goes through the same steps, in order:
 * the method (405 with Allow), CSRF for mutations, the session and capability from the permission
 * module (401/403), the body with its zod schema (400 with field errors), then the handler. Errors
 * have one shape, `{ error: { code, message, fields? } }`; a handler returns the resource (or a
 * Response of its own: streams, files, 201s). A guard or handler may throw a Response: it is answered.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Who may call: anyone, any signed-in user, or a user with one capability. */
export type ApiAuth = "public" | "user" | Exclude<BooleanCapability, "signedIn" | "personalise">;
type Schema = z.ZodTypeAny;
type BodyOf<S> = Confirmed<
  S extends Schema
    ? z.output<S>
    : S extends Partial<Record<Method, Schema>>
      ? { [M in keyof S]: S[M] extends Schema ? z.output<S[M]> : never }[keyof S]
      : undefined
>;
type UserOf<A extends ApiAuth> = A extends "public" ? SessionUser | null : SessionUser;

export type ApiContext<A extends ApiAuth, B> = {
  request: Request;
  context: AppLoadContext;
  params: ActionFunctionArgs["params"];
  user: UserOf<A>;
  can: Capabilities;
  body: B;
};

type Multipart = { maxBytes: number; tooLarge: string };
/**
 * The call's minute budget (decision 012), spent before its body is read: per signed-in user by
 * default, or per address (`perAddress` names the budget's use, so two uses of one limit do not share it).
 */
type Limit = MinuteLimit | { name: MinuteLimit; perAddress: string };

/** Answers JSON; fetchers (React Router `.data` requests) get the same payload and status through `data()`. */
async function answer(context: AppLoadContext, response: Response) {
  if (!context.viaFetcher || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  return data(await response.json(), { status: response.status, headers });
}

/** A handler's value as JSON; answers are about one person, so nothing on the way may keep a copy. */
const toResponse = (value: unknown) =>
  value instanceof Response ? value : Response.json(value ?? null, { headers: { "Cache-Control": "private, no-store" } });

/** Runs a call; a thrown Response is the answer, and anything else is logged and answered as a 500 in the same shape. */
async function run(context: AppLoadContext, step: () => Promise<unknown>) {
  try {
    return await answer(context, toResponse(await step()));
  } catch (thrown) {
    if (thrown instanceof Response) return await answer(context, thrown);
    logError("api call failed", thrown);
    return await answer(context, jsonError(500, API_MESSAGES.serverError, { code: "server_error" }));
  }
}

function spendLimit(request: Request, context: AppLoadContext, limit: Limit, user: SessionUser | null) {
  if (typeof limit === "object") return limitPerMinute(context, limit.name, `${limit.perAddress}:${clientIp(request)}`);
  // A call open to guests is counted per address for them.
  return limitPerMinute(context, limit, user ? `user:${user.id}` : `ip:${clientIp(request)}`);
}

function methodNotAllowed(methods: readonly Method[]) {
  const response = jsonError(405, API_MESSAGES.useMethods(methods));
  response.headers.set("Allow", methods.join(", "));
  return response;
}

async function authorise(request: Request, context: AppLoadContext, auth: ApiAuth): Promise<{ user: SessionUser | null; can: Capabilities }> {
  if (auth === "public") return await getViewer(request, context);
  if (auth === "user") {
    const user = await requireUser(request, context);
    return { user, can: capabilities(user, context) };
  }
  return await requireCapability(request, context, auth);
}

const schemaFor = (schema: Schema | Partial<Record<Method, Schema>> | undefined, method: string) =>
  schema && ("safeParse" in schema ? (schema as Schema) : (schema as Partial<Record<Method, Schema>>)[method as Method]);

/**
 * The body, parsed by its schema and passed through the one safety gate (issue 59): the free texts
 * the schema marks `screened` passed the offline screen as their fields' rules; the gate asks the
 * classifier about them and answers 400, 409 (held for review) or 429 (the day's budget) for the
 * person. A refusal by the offline screen is recorded for Mod Central as it is answered.
 */
async function readBody(
  request: Request,
  context: AppLoadContext,
  user: SessionUser | null,
  schema: Schema | Partial<Record<Method, Schema>> | undefined,
  multipart: Multipart | undefined,
) {
  if (multipart) {
    const form = await readForm(request, multipart.maxBytes, multipart.tooLarge);
    if (!form) throw badRequest(API_MESSAGES.notMultipart);
    return form;
  }
  const forMethod = schemaFor(schema, request.method);
  if (!forMethod) return undefined;
  const gate = requestGate(context, user?.id ?? null);
  const body = await parseJson(request, forMethod, undefined, (error) => gate.recordOfflineRefusals(error));
  const texts = screenedTexts(forMethod, body);
  if (texts.length) await gate.require(texts, { offline: false });
  return body;
}

/**
 * An `/api` action. `schema` parses the JSON body (one for all methods, or one per method);
 * `multipart` reads a form within a size limit instead (uploads).
 */
export function apiAction<A extends ApiAuth, S extends Schema | Partial<Record<Method, Schema>> | undefined = undefined>(
  options: {
    methods: readonly Method[];
    auth: A;
    schema?: S;
    multipart?: Multipart;
    /** Only for calls no page makes, that change nothing a visitor owns: signed webhooks, log beacons. */
    csrf?: false;
    limit?: Limit;
  },
  handler: (call: ApiContext<A, BodyOf<S>> & { form: FormData | undefined }) => Promise<unknown>,
) {
  const action = ({ request, context, params }: ActionFunctionArgs) =>
    run(context, async () => {
      if (!options.methods.includes(request.method as Method)) return methodNotAllowed(options.methods);
      if (options.csrf !== false) await requireCsrf(request, context);
      const { user, can } = await authorise(request, context, options.auth);
      if (options.limit) await spendLimit(request, context, options.limit, user);
      const parsed = await readBody(request, context, user, options.schema, options.multipart);
      const form = parsed instanceof FormData ? parsed : undefined;
      // `return await`: a rejected promise returned as it is would count as unhandled for a moment.
      return await handler({ request, context, params, user: user as UserOf<A>, can, body: (form ? undefined : parsed) as never, form });
    });
  return withInput(action, { schema: options.schema });
}

/** What a call parses, on the function React Router calls: the test that walks every route's schemas reads it (issue 59). */
export type ApiInput = { schema?: Schema | Partial<Record<Method, Schema>>; query?: Schema };
const withInput = <F extends object>(fn: F, input: ApiInput) => Object.assign(fn, { input });

/** An `/api` loader (GET): the session and capability, `query` parsed from the search parameters, then the handler. */
export function apiLoader<A extends ApiAuth, Q extends Schema | undefined = undefined>(
  options: { auth: A; query?: Q },
  handler: (call: ApiContext<A, undefined> & { query: Q extends Schema ? z.output<Q> : undefined }) => Promise<unknown>,
) {
  const loader = ({ request, context, params }: LoaderFunctionArgs) =>
    run(context, async () => {
      const { user, can } = await authorise(request, context, options.auth);
      let query: unknown;
      if (options.query) {
        const parsed = options.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!parsed.success) throw invalidBody(parsed.error);
        query = parsed.data;
      }
      return await handler({ request, context, params, user: user as UserOf<A>, can, body: undefined, query: query as never });
    });
  return withInput(loader, { query: options.query });
}

/** The loader of a route that only takes mutations: a GET answers 405 with the methods it takes. */
export const onlyMethods =
  (...methods: Method[]) =>
  ({ context }: LoaderFunctionArgs) =>
    answer(context, methodNotAllowed(methods));

/** A created resource: 201 with its body. */
export const created = (value: unknown) => Response.json(value, { status: 201, headers: { "Cache-Control": "private, no-store" } });
