import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Characters | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return await loadCatalog(request, context, "public");
}

export default function Page() {
  return <CatalogPage title="Characters" intro="Public characters, most popular first." data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
