import { type MetaFunction, Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { AuthPage } from "~/components/auth/auth-page";
import { RouteError } from "~/components/route-error";
import { Field, inputClass } from "~/components/ui/field";
import { pendingChallengeId } from "~/services/auth/strategies.server";
import { challengeEmail } from "~/models/verification-code.server";
import { CODE_MESSAGES } from "~/spec/messages";
import { AUTH_PAGES_COPY, pageTitle } from "~/spec/pages";

const COPY = AUTH_PAGES_COPY.verifyRequest;

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }];

/** After the email form: "check your inbox", with the 6-digit code form. The email comes from the challenge row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const challengeId = await pendingChallengeId(context, request);
  const email = challengeId ? await challengeEmail(context.primaryDb, challengeId) : null;
  const query = new URL(request.url).searchParams;
  const code = query.get("error");
  const left = Number(query.get("left"));
  const error =
    code === "wrong" && Number.isInteger(left) && left > 0
      ? CODE_MESSAGES.wrong(left)
      : code === "too-many" || code === "expired" || code === "none" || code === "day-cap"
        ? CODE_MESSAGES[code]
        : null;
  return { email, error, csrfToken: context.getCsrfToken() };
}

export default function VerifyRequest() {
  const { email, error, csrfToken } = useLoaderData<typeof loader>();
  return (
    <AuthPage title={COPY.title}>
      {email ? (
        <p className="text-zinc-300">
          {COPY.sentLead}
          <strong className="text-white">{email}</strong>
          {COPY.sentTail}
        </p>
      ) : (
        <p className="text-zinc-300">{CODE_MESSAGES.noChallenge}</p>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-800 bg-red-950/50 px-4 py-3 text-sm text-red-100">
          {error}
        </p>
      )}
      {email && (
        <form method="post" action="/api/auth/callback/email" className="flex flex-col gap-2">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <Field label={COPY.codeLabel} htmlFor="code">
            <input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              placeholder="123456"
              className={`${inputClass} text-lg tracking-[0.4em]`}
            />
          </Field>
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {COPY.signIn}
          </button>
        </form>
      )}
      <Link to="/api/auth/signin" className="text-sm text-brand-300 underline">
        {COPY.differentEmail}
      </Link>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteError;
