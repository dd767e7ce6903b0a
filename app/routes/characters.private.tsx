import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Private Characters | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return await loadCatalog(request, context, "private");
}

export default function Page() {
  return <CatalogPage title="Private Characters" intro="Characters you have created and not published yet." data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
