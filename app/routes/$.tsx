import type { MetaFunction } from "react-router";
import { RouteError } from "~/components/route-error";
import { invariantResponse } from "~/lib/http/http.server";
import { API_MESSAGES } from "~/spec/messages";
import { NOT_FOUND_COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(NOT_FOUND_COPY.title) }];

/** Every unknown path: a 404 inside the shell. */
export function loader() {
  invariantResponse(false, API_MESSAGES.notFound);
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteError;
