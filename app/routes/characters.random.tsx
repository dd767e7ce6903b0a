import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CharacterCard } from "~/components/character-card";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { listPublicOrdered } from "~/models/character.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Random Characters | ${BRAND}` }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { characters: await listPublicOrdered(context.db, "random") };
}

export default function Page() {
  const { characters } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Random Characters">A random selection of public characters.</PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {characters.map((c) => (
          <CharacterCard key={c.id} character={c} />
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
