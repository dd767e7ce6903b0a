import { Link } from "react-router";
import type { ReactNode } from "react";
import { MESSAGES } from "~/spec/messages";
import { BrandMark } from "../shell/brand-link";
import { Field, inputClass } from "../ui/field";

const T = MESSAGES.signIn;

const PROVIDERS = [
  { id: "google", label: T.google },
  { id: "discord", label: T.discord },
  { id: "patreon", label: T.patreon },
] as const;
/** The sign-in providers this server has credentials for (the root loader says which). */
export type SignInProvider = (typeof PROVIDERS)[number]["id"];

/** A form's submit button, disabled until the CSRF token has arrived. */
function Submit({ ready, className, children }: { ready: boolean; className: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={!ready} className={`rounded-md px-4 py-2 disabled:opacity-60 ${className}`}>
      {children}
    </button>
  );
}

/**
 * The sign-in content shared by the dialog and the full page at /api/auth/signin (which works
 * without JavaScript): plain forms that post to /api/auth/signin/:provider.
 */
export function SignInForm({
  csrfToken,
  callbackUrl,
  onSignInStart,
  defaultEmail,
  HeadingTag = "h2",
  renderHeading,
  providers,
}: {
  /** Only these get a button: a provider without credentials here would lead nowhere (issue 27). */
  providers: readonly SignInProvider[];
  csrfToken: string;
  callbackUrl: string;
  onSignInStart?: () => void;
  defaultEmail?: string;
  HeadingTag?: "h1" | "h2";
  /** Lets the dialog make the visible heading its accessible title. */
  renderHeading?: (text: string, className: string) => ReactNode;
}) {
  const headingClass = "text-2xl font-bold text-white";
  const hidden = (
    <>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <BrandMark className="h-10 w-10" />
        {renderHeading ? renderHeading(T.heading, headingClass) : <HeadingTag className={headingClass}>{T.heading}</HeadingTag>}
        <p className="text-sm text-zinc-400">{T.intro}</p>
      </div>
      <form method="post" action="/api/auth/signin/email" onSubmit={onSignInStart} className="flex flex-col gap-2">
        {hidden}
        <Field label={T.emailLabel} htmlFor="signin-email">
          <input
            id="signin-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={defaultEmail}
            placeholder="you@example.com"
            className={inputClass}
          />
        </Field>
        <Submit ready={!!csrfToken} className="mt-1 bg-brand-600 font-semibold text-white hover:bg-brand-700">
          {T.continue}
        </Submit>
      </form>
      {providers.length > 0 && (
        <div className="flex items-center gap-3 text-xs text-zinc-400" role="separator">
          <span className="h-px flex-1 bg-zinc-800" />
          {T.or}
          <span className="h-px flex-1 bg-zinc-800" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        {PROVIDERS.filter((p) => providers.includes(p.id)).map((p) => (
          <form key={p.id} method="post" action={`/api/auth/signin/${p.id}`} onSubmit={onSignInStart}>
            {hidden}
            <Submit ready={!!csrfToken} className="w-full border border-zinc-700 bg-zinc-900 text-sm font-medium text-zinc-100 hover:bg-zinc-800">
              {p.label}
            </Submit>
          </form>
        ))}
      </div>
      <p className="text-center text-xs leading-5 text-zinc-400">
        This chatbot may contain mature content. By signing in you confirm you are 18 or older and accept our{" "}
        <Link to="/terms-of-use" target="_blank" rel="noreferrer" className="text-zinc-300 underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy-policy" target="_blank" rel="noreferrer" className="text-zinc-300 underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
