import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { redacted } from "~/lib/log";

/** The error view every route exports: 404s and refusals in plain words, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : null;
  const title = status === 404 ? "Page not found" : status === 403 ? "Not allowed" : status === 401 ? "Please sign in" : "Something went wrong.";
  const text =
    status === 404
      ? "We couldn't find that page. The link may be broken, or the page may have been removed."
      : (detail ?? "An unexpected error occurred. Please try again in a moment.");
  if (status >= 500) console.error(redacted(error));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center" data-testid="route-error">
      <p className="text-6xl font-bold text-brand-400">{status}</p>
      <h1 className="text-2xl font-semibold text-white">{title}</h1>
      <p className="text-zinc-400">{text}</p>
      <div className="flex gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
          Go home
        </Link>
        <Link to="/characters" className="rounded-md border border-zinc-700 px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800">
          Browse characters
        </Link>
      </div>
    </div>
  );
}
