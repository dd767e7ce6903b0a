import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/lib/http/catalog-loader.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Favorite Characters | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return await loadCatalog(request, context, "favorite");
}

export default function Page() {
  return <CatalogPage title="Favorite Characters" intro="The characters you marked as favorites." data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
