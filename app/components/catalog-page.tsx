import { Form, Link, useLocation, useSubmit } from "react-router";
import type { ReactNode } from "react";
import type { CharacterCardData } from "~/models/catalog.server";
import { CharacterGrid } from "./character-grid";
import { PageHeader } from "./page-header";
import { TagChips } from "./tag-filter/tag-chips";
import { useSavedGenderFilters } from "./tag-filter/use-tag-navigation";
import { TagFilter } from "./tag-filter/tag-filter";
import { formatCount } from "~/spec/plain-text";

const SORT_LABELS = {
  popular: "Popular",
  trending: "Trending today",
  "trending-week": "Trending this week",
  newest: "Newest",
  upvotes: "Most upvoted",
  favorites: "Most favorited",
} as const;

type Props = {
  title: string;
  intro?: ReactNode;
  data: {
    characters: CharacterCardData[];
    page: number;
    hasNext: boolean;
    sort: keyof typeof SORT_LABELS;
    q: string;
    tags: string[];
    tagOrder: readonly string[];
    total: number;
    totalCapped: boolean;
    /** The last page with characters on it. */
    lastPage?: number;
  };
  searchable?: boolean;
  /** Random and Recent have an order of their own: no "Sort by" there (issue 61). */
  sortable?: boolean;
  empty?: ReactNode;
};

/** "312 characters", "1 character", or "1,000+ characters" past the counting cap. */
export const resultCount = (total: number, capped: boolean) =>
  `${formatCount(total)}${capped ? "+" : ""} ${total === 1 && !capped ? "character" : "characters"}`;

/** A character list with search, sort and pages, all in the URL so links and the back button work. */
export function CatalogPage({ title, intro, data, searchable = true, sortable = true, empty }: Props) {
  const location = useLocation();
  const submit = useSubmit();
  // The main catalog opens with the gender tags the person applied last time (the other lists do not).
  useSavedGenderFilters(searchable && location.pathname === "/characters");
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `?${params}`;
  };
  // A page number past the last page (an old link, a hand-typed URL): say so, and offer the last page.
  const pastEnd = data.characters.length === 0 && data.total > 0 && !!data.lastPage && data.page > data.lastPage;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={title}>{intro}</PageHeader>
      {searchable && (
        <div className="mb-4 flex flex-col gap-3">
          <div>
            <TagFilter applied={data.tags} />
          </div>
          <TagChips applied={data.tags} order={data.tagOrder} />
        </div>
      )}
      {searchable && (
        <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" role="search">
          {data.tags.map((t) => (
            <input key={t} type="hidden" name="tag" value={t} />
          ))}
          <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm text-zinc-300">
            Search
            <input type="search" name="q" defaultValue={data.q} maxLength={100} placeholder="Search names and descriptions" className="input min-h-11" />
          </label>
          {sortable && (
            <label className="flex flex-col gap-1 text-sm text-zinc-300">
              Sort by
              {/* A new order applies at once; the search box keeps what was typed. */}
              <select name="sort" defaultValue={data.sort} onChange={(e) => submit(e.currentTarget.form)} className="input min-h-11">
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="button min-h-11">
            Search
          </button>
        </Form>
      )}
      {searchable && (
        // The list's heading (so the cards' names, h3, follow an h2), read as the number of results.
        <h2 className="mb-3 text-sm font-normal text-zinc-400" data-testid="result-count" aria-live="polite">
          {resultCount(data.total, data.totalCapped)}
        </h2>
      )}
      {pastEnd && data.lastPage ? (
        <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-6 text-zinc-300" data-testid="catalog-empty">
          Page {data.page} is past the end: the last page is {data.lastPage}.{" "}
          <Link to={pageHref(data.lastPage)} className="text-purple-300 underline">
            Go to page {data.lastPage}
          </Link>
        </div>
      ) : data.characters.length === 0 ? (
        <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-6 text-zinc-300" data-testid="catalog-empty">
          {empty ?? (data.q ? `No characters match "${data.q}".` : "No characters here yet.")}
        </div>
      ) : (
        <CharacterGrid characters={data.characters} testId="catalog" />
      )}
      {(data.page > 1 || data.hasNext) && !pastEnd && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4 text-sm">
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} className="inline-flex min-h-11 items-center rounded-md border border-zinc-700 px-4 hover:bg-zinc-800">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-400">Page {data.page}</span>
          {data.hasNext ? (
            <Link to={pageHref(data.page + 1)} className="inline-flex min-h-11 items-center rounded-md border border-zinc-700 px-4 hover:bg-zinc-800">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
