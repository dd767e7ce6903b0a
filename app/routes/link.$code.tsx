import { redirect } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { RouteError } from "~/components/route-error";
import { invariantResponse } from "~/lib/http/http.server";
import { resolveShortLink } from "~/models/short-link.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** Opens a shortened share link (always a path on this site). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const path = await resolveShortLink(context.db, params.code ?? "");
  invariantResponse(path, ACCOUNT_MESSAGES.linkNotFound);
  return redirect(path);
}

export default function ShortLink() {
  return null;
}

export const ErrorBoundary = RouteError;
