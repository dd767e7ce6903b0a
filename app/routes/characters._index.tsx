import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CharacterListPage } from "~/components/character-list-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/guest-cache.server";
import { listPublic } from "~/models/character.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Characters | ${BRAND}` },
  { name: "description", content: `Browse public AI characters on ${BRAND}, sorted by popularity.` },
];

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return listPublic(context.db, page);
}

export default function Characters() {
  const { characters, page, pages, total } = useLoaderData<typeof loader>();
  return (
    <CharacterListPage title="Characters" intro={`${total} public characters, most popular first.`} characters={characters}>
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4 text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`} className="rounded-md border border-zinc-700 px-3 py-1.5 hover:bg-zinc-800">Previous</Link> : <span />}
          <span className="text-zinc-400">Page {page} of {pages}</span>
          {page < pages ? <Link to={`?page=${page + 1}`} className="rounded-md border border-zinc-700 px-3 py-1.5 hover:bg-zinc-800">Next</Link> : <span />}
        </nav>
      )}
    </CharacterListPage>
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
