import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Random Characters | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return await loadCatalog(request, context, "random");
}

export default function Page() {
  return <CatalogPage title="Random Characters" intro="A random selection of public characters." data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
