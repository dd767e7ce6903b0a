import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/services/catalog-page.server";
import { pageMeta } from "~/lib/http/page-meta";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { CATALOG_PAGES } from "~/spec/pages";

export const meta = pageMeta(CATALOG_PAGES.characters);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadCatalog(request, context, "public");

export default function Page() {
  return <CatalogPage {...CATALOG_PAGES.characters} data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
