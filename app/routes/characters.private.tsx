import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { CATALOG_PAGES, pageTitle } from "~/spec/pages";

const PAGE = CATALOG_PAGES.private;

export const meta: MetaFunction = () => [{ title: pageTitle(PAGE.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return await loadCatalog(request, context, "private");
}

export default function Page() {
  return <CatalogPage title={PAGE.title} intro={PAGE.intro} data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
