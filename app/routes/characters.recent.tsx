import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Recent Characters | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return await loadCatalog(request, context, "recent");
}

export default function Page() {
  return (
    <CatalogPage
      title="Recent Characters"
      intro="The characters you chatted with most recently, or the newest releases."
      data={useLoaderData<typeof loader>()}
    />
  );
}

export const ErrorBoundary = RouteError;
