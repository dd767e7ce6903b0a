import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { pendingChallengeId } from "~/lib/auth/strategies.server";
import { challengeEmail } from "~/models/verification-code.server";
import { CODE_MESSAGES } from "~/spec/messages";
import { AUTH_PAGES_COPY, pageTitle } from "~/spec/pages";

const COPY = AUTH_PAGES_COPY.verifyRequest;

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }];

/** After the email form: "check your inbox", with the 6-digit code form. The email comes from the challenge row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const challengeId = await pendingChallengeId(context, request);
  const email = challengeId ? await challengeEmail(context.db, challengeId) : null;
  const query = new URL(request.url).searchParams;
  const code = query.get("error");
  const left = Number(query.get("left"));
  const error =
    code === "wrong" && Number.isInteger(left) && left > 0
      ? CODE_MESSAGES.wrong(left)
      : code === "too-many" || code === "expired" || code === "none"
        ? CODE_MESSAGES[code]
        : null;
  return { email, error, csrfToken: context.getCsrfToken() };
}

export default function VerifyRequest() {
  const { email, error, csrfToken } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5 px-4 py-12">
      <h1 className="text-2xl font-bold text-white">{COPY.title}</h1>
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
          <label htmlFor="code" className="text-sm font-medium text-zinc-200">
            {COPY.codeLabel}
          </label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            placeholder="123456"
            className="rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2 text-lg tracking-[0.4em] text-zinc-100 focus:border-brand-500 focus:outline-none"
          />
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500">
            {COPY.signIn}
          </button>
        </form>
      )}
      <Link to="/api/auth/signin" className="text-sm text-brand-300 underline">
        {COPY.differentEmail}
      </Link>
    </div>
  );
}

export const ErrorBoundary = RouteError;
