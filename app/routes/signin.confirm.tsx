import { type MetaFunction, Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { AuthPage } from "~/components/auth/auth-page";
import { RouteError } from "~/components/route-error";
import { authErrorRedirect } from "~/services/auth/flow.server";
import { findSignInToken } from "~/models/verification-code.server";
import { AUTH_PAGES_COPY, pageTitle } from "~/spec/pages";

const COPY = AUTH_PAGES_COPY.confirmLink;

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }, { name: "robots", content: "noindex" }];

/** "alice@example.com" → "a…@example.com": enough for the person to know which account, no more. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}…${email.slice(at)}`;
};

/**
 * A magic link opened in a browser that did not ask for it (decision 026): the account it signs in
 * to, masked, and a button that posts the link's token with this browser's CSRF token. Opening it
 * changes nothing, so a link someone else sent, or a page that loads it, signs nobody in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const pending = token ? await findSignInToken(context.primaryDb, token) : null;
  if (!pending) throw authErrorRedirect("Verification");
  return { email: maskEmail(pending.email), token, csrfToken: context.getCsrfToken() };
}

export default function ConfirmSignInPage() {
  const { email, token, csrfToken } = useLoaderData<typeof loader>();
  return (
    <AuthPage title={COPY.title}>
      <p className="text-lg text-white">{COPY.question(email)}</p>
      <p className="text-zinc-300">{COPY.why}</p>
      <form method="post" action="/api/auth/callback/email" className="flex flex-wrap gap-3">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="t" value={token} />
        <button type="submit" className="button min-h-11">
          {COPY.signIn(email)}
        </button>
        <Link to="/" className="button-secondary inline-flex min-h-11 items-center">
          {COPY.cancel}
        </Link>
      </form>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteError;
