import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { redacted } from "~/lib/log";

/** Each status in its own words; a refusal's own message (`detail`), when it has one, says why. */
const WORDS: Record<number, { title: string; text: string }> = {
  400: { title: "That didn't work", text: "Something in the request wasn't right. Go back and try again." },
  401: { title: "Please sign in", text: "Sign in to see this page." },
  403: { title: "Not allowed", text: "Your account doesn't have access to this page." },
  404: { title: "Page not found", text: "We couldn't find that page. The link may be broken, or the page may have been removed." },
  429: { title: "Slow down a little", text: "Too many requests in a short time. Wait a moment, then try again." },
};
const SERVER_ERROR = { title: "Something went wrong.", text: "An unexpected error occurred. Please try again in a moment." };

export function errorWords(status: number, detail: string | null) {
  const words = WORDS[status] ?? (status >= 500 ? SERVER_ERROR : WORDS[400]);
  // A 404 reads the same for every missing thing (it says nothing about what exists); a 500 never shows internals.
  return { title: words.title, text: status !== 404 && status !== 500 && detail ? detail : words.text };
}

/** The error view every route exports: 404s and refusals in plain words, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Every error answer has one shape, `{ error: { code, message } }` (decision 013).
  const detail = isRouteErrorResponse(error) && typeof error.data?.error?.message === "string" ? (error.data.error.message as string) : null;
  const { title, text } = errorWords(status, detail);
  if (status >= 500) console.error(redacted(error));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center" data-testid="route-error">
      <p className="text-6xl font-bold text-brand-400">{status}</p>
      <h1 className="text-2xl font-semibold text-white">{title}</h1>
      <p className="text-zinc-400">{text}</p>
      <div className="flex gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Go home
        </Link>
        <Link to="/characters" className="rounded-md border border-zinc-700 px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800">
          Browse characters
        </Link>
      </div>
    </div>
  );
}
