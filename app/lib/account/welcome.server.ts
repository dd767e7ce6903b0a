import type { AppLoadContext } from "react-router";
import { cookiesOf } from "~/lib/cookie-header";
import { WELCOME_COOKIE, welcomeCookie } from "~/lib/http/cookies.server";

/*
 * A brand-new account's welcome is pending (decision 033): set by the sign-in that created the
 * account, holding its id, signed. It only decides whether the welcome step shows, never who anyone
 * is; the step is offered while it matches the signed-in user, and answering or skipping clears it.
 */

export const offerWelcome = (context: AppLoadContext, request: Request, userId: string) => welcomeCookie(context.config, request).serialize(userId);

/** Whether the signed-in user still has their welcome step to answer (most requests carry no such cookie, and skip the check). */
export async function welcomePending(context: AppLoadContext, request: Request, userId: string) {
  const header = request.headers.get("cookie");
  if (cookiesOf(header)[WELCOME_COOKIE] === undefined) return false;
  return (await welcomeCookie(context.config, request).parse(header)) === userId;
}

export const endWelcome = (context: AppLoadContext, request: Request) => welcomeCookie(context.config, request).serialize("", { maxAge: 0 });
