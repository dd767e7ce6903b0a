import { Link, type MetaFunction } from "react-router";
import { PageHeader } from "~/components/page-header";
import { tagPill } from "~/components/tag-style";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { CATEGORY_COPY, pageTitle } from "~/spec/pages";
import { TAG_PAGES } from "~/spec/tags";

export const meta: MetaFunction = () => [{ title: pageTitle(CATEGORY_COPY.allTags) }, { name: "description", content: CATEGORY_COPY.allTagsDescription }];

/** "All Tags": every tag's page of characters, in the spec's order, each with what it holds. */
export default function AllTagsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={CATEGORY_COPY.allTags}>
        <p className="text-sm text-zinc-400">
          {CATEGORY_COPY.allTagsIntro}{" "}
          <Link to="/characters" className="text-brand-300 underline">
            {CATEGORY_COPY.allCharacters}
          </Link>
        </p>
      </PageHeader>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="all-tags">
        {TAG_PAGES.map((tag) => (
          <li key={tag.slug} className="rounded-lg border border-zinc-800 bg-zinc-900 p-3">
            <Link to={`/characters/tags/${tag.slug}`} className={`${tagPill(tag.name)} tag-link text-sm`}>
              {tag.name}
            </Link>
            <p className="mt-2 line-clamp-3 text-sm text-zinc-400">{tag.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const headers = guestCacheHeaders;
