import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { AuthPage } from "~/components/auth/auth-page";
import { RouteError } from "~/components/route-error";
import { AUTH_PAGES_COPY, pageTitle } from "~/spec/pages";

const COPY = AUTH_PAGES_COPY.signOut;

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { csrfToken: context.getCsrfToken() };
}

/** The sign-out confirmation for people arriving at GET /api/auth/signout. */
export default function SignOutPage() {
  const { csrfToken } = useLoaderData<typeof loader>();
  return (
    <AuthPage title={COPY.title} centered>
      <p className="text-zinc-400">{COPY.question}</p>
      <form method="post" action="/api/auth/signout" onSubmit={() => window.localStorage.clear()}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {COPY.button}
        </button>
      </form>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteError;
