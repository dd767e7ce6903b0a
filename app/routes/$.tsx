import { data, type MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Page not found | ${BRAND}` }];

/** Every unknown path: a 404 inside the shell. */
export function loader() {
  throw data({ error: "Not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteError;
