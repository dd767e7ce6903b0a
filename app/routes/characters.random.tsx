import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CharacterListPage } from "~/components/character-list-page";
import { RouteError } from "~/components/route-error";
import { listPublicOrdered } from "~/models/character.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Random Characters | ${BRAND}` }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { characters: await listPublicOrdered(context.db, "random") };
}

export default function Page() {
  return <CharacterListPage title="Random Characters" intro="A random selection of public characters." characters={useLoaderData<typeof loader>().characters} />;
}

export const ErrorBoundary = RouteError;
