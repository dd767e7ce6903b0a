import { type MetaFunction, Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { AuthPage } from "~/components/auth/auth-page";
import { RouteError } from "~/components/route-error";
import { authErrorMessage } from "~/spec/messages";
import { AUTH_PAGES_COPY, pageTitle } from "~/spec/pages";

const COPY = AUTH_PAGES_COPY.error;

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("error");
  return { code: code ?? "Default", message: authErrorMessage(code) };
}

export default function AuthErrorPage() {
  const { code, message } = useLoaderData<typeof loader>();
  return (
    <AuthPage title={COPY.heading} centered errorCode={code}>
      <p className="text-zinc-300">{message}</p>
      <Link to="/api/auth/signin" className="mx-auto rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        {COPY.tryAgain}
      </Link>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteError;
