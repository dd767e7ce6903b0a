import { redirect } from "react-router";
import type { ActionFunctionArgs } from "~/lib/http/route-args";
import { answerRedirect, authForm } from "~/services/auth/flow.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { setFlash } from "~/lib/http/flash.server";
import { safeCallbackUrl } from "~/lib/http/safe-redirect";
import { destroySession } from "~/services/auth/session.server";
import { AUTH_FLASH } from "~/spec/messages";

/** GET shows the confirmation page (a resource route cannot render one itself). */
export const loader = () => redirect("/signout");

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await authForm(request);
  await requireCsrf(request, context, form.get("csrfToken"));
  const headers = new Headers({ "Set-Cookie": await destroySession(context, request) });
  headers.append("Set-Cookie", await setFlash(context, request, AUTH_FLASH.signedOut));
  return answerRedirect(form, redirect(safeCallbackUrl(form.get("callbackUrl"), new URL(request.url).origin), { headers }));
}
