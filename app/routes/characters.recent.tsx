import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CharacterCard } from "~/components/character-card";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/guest-cache.server";
import { listPublicOrdered } from "~/models/character.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Recent Characters | ${BRAND}` }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { characters: await listPublicOrdered(context.db, "recent") };
}

export default function Page() {
  const { characters } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Recent Characters">The newest public releases.</PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {characters.map((c) => (
          <CharacterCard key={c.id} character={c} />
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
