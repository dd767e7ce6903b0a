import { redirect, type AppLoadContext } from "react-router";
import { ACCOUNT_MESSAGES, CAPABILITY_MESSAGES } from "~/spec/messages";
import { capabilitiesFor, type Capabilities } from "~/lib/auth/capabilities";
import { forbidden, unauthorized } from "~/lib/http/http.server";
import { getSessionUser, type SessionUser } from "~/services/auth/session.server";
import { viewerAge } from "~/lib/age-gate";
import { AGE_GATE_COPY } from "~/spec/pages";

/**
 * The one permission module (decision 012). Loaders, actions and the UI read the same capabilities
 * object (`lib/capabilities.ts`); guards here throw: 401 or a sign-in redirect for guests, 403 with a
 * message for a capability the user lacks. Bans are answered before any of this (app/web/ban-gate.server.ts).
 */

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function signInRedirectUrl(request: Request) {
  const url = new URL(request.url);
  return `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(url.pathname + url.search)}`;
}

export function bannedMessage(context: AppLoadContext) {
  return ACCOUNT_MESSAGES.banned(context.config.supportEmail);
}

export const capabilities = (user: SessionUser | null, context: AppLoadContext): Capabilities => capabilitiesFor(user, context.config);

/** The visitor (null for guests) and what they may do. */
export async function getViewer(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  return { user, can: capabilities(user, context) };
}

/** The signed-in user, or a throw: pages redirect to sign-in with a callbackUrl, JSON calls get 401. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw isApi(request) ? unauthorized() : redirect(signInRedirectUrl(request));
  if (user.isBanned) throw forbidden(bannedMessage(context));
  return user;
}

export type BooleanCapability = { [K in keyof Capabilities]: Capabilities[K] extends boolean ? K : never }[keyof Capabilities];

/** A signed-in user who has `capability`; 403 with the capability's message otherwise. */
export async function requireCapability(request: Request, context: AppLoadContext, capability: Exclude<BooleanCapability, "signedIn" | "personalise">) {
  const user = await requireUser(request, context);
  const can = capabilities(user, context);
  if (!can[capability]) throw forbidden(CAPABILITY_MESSAGES[capability]);
  return { user, can };
}

/** The same check for a user already in hand. */
export function assertCapability(can: Capabilities, capability: Exclude<BooleanCapability, "signedIn" | "personalise">) {
  if (!can[capability]) throw forbidden(CAPABILITY_MESSAGES[capability]);
}

/** The loader of a page that holds no data but is only for signed-in users, or those with a capability. */
export const pageOnlyFor =
  (who: "user" | Exclude<BooleanCapability, "signedIn" | "personalise">) =>
  async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    if (who === "user") await requireUser(request, context);
    else await requireCapability(request, context, who);
    return null;
  };

/**
 * A guest who answered "I'm under 18" is sent no characters (decision 015): every loader that
 * returns characters calls this, so nothing adult is even in the page's data. Signed-in users
 * confirmed their age when they signed in.
 */
export function refuseDeclinedGuest(request: Request, user: SessionUser | null) {
  if (viewerAge(request, user) === "declined") throw forbidden(AGE_GATE_COPY.declinedTitle);
}
