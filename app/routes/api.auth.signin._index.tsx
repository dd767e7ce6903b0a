import { type MetaFunction, redirect, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { SignInForm } from "~/components/auth/sign-in-form";
import { RouteError } from "~/components/route-error";
import { safeCallbackUrl } from "~/lib/http/safe-redirect";
import { OAUTH_PROVIDER_IDS } from "~/lib/auth/providers.server";
import { getSessionUser } from "~/services/auth/session.server";
import { authErrorMessage, MESSAGES } from "~/spec/messages";
import { pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(MESSAGES.signIn.heading) }];

/** The full-page sign-in (works without JavaScript); guarded pages send people here with a callbackUrl. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const callbackUrl = safeCallbackUrl(url.searchParams.get("callbackUrl"), url.origin);
  const user = await getSessionUser(request, context);
  if (user && !url.searchParams.get("error")) throw redirect(callbackUrl);
  const error = url.searchParams.get("error");
  return {
    callbackUrl,
    csrfToken: context.getCsrfToken(),
    error: error ? authErrorMessage(error) : null,
    providers: OAUTH_PROVIDER_IDS.filter((id) => !!context.config.oauth[id]),
  };
}

export default function SignInPage() {
  const { callbackUrl, csrfToken, error, providers } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      {error && (
        <p role="alert" className="mb-6 rounded-md border border-amber-800 bg-amber-950/50 px-4 py-3 text-sm text-amber-100">
          {error}
        </p>
      )}
      <SignInForm providers={providers} csrfToken={csrfToken} callbackUrl={callbackUrl} HeadingTag="h1" />
    </div>
  );
}

export const ErrorBoundary = RouteError;
