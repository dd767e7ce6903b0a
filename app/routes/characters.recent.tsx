import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CharacterListPage } from "~/components/character-list-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/guest-cache.server";
import { listPublicOrdered } from "~/models/character.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Recent Characters | ${BRAND}` }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { characters: await listPublicOrdered(context.db, "recent") };
}

export default function Page() {
  return <CharacterListPage title="Recent Characters" intro="The newest public releases." characters={useLoaderData<typeof loader>().characters} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
