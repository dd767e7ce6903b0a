import { type MetaFunction, Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CatalogPage } from "~/components/catalog-page";
import { RouteError } from "~/components/route-error";
import { loadCatalog } from "~/services/catalog-page.server";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { invariantResponse } from "~/lib/http/http.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";
import { CATEGORY_COPY } from "~/spec/pages";
import { tagBySlug } from "~/spec/tags";

/** One page per tag, with its own title, keywords and description for search engines. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = tagBySlug(params.slug ?? "");
  invariantResponse(page && page.slug === params.slug, CHARACTER_MESSAGES.categoryNotFound);
  const url = new URL(request.url);
  const catalog = await loadCatalog(request, context, "public", { fixedTag: page.name });
  // The page's own tag is always on; only the extra tags are shown as filters.
  return { page, catalog: { ...catalog, tags: catalog.tags.filter((t) => t !== page.name) }, canonical: `${url.origin}/characters/tags/${page.slug}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.page.title },
        { name: "keywords", content: data.page.keywords },
        { name: "description", content: data.page.description },
        { tagName: "link", rel: "canonical", href: data.canonical },
      ]
    : [];

export default function CategoryPage() {
  const { page, catalog } = useLoaderData<typeof loader>();
  return (
    <CatalogPage
      title={CATEGORY_COPY.heading(page.name)}
      intro={
        <>
          {page.description}{" "}
          <Link to="/characters" className="text-brand-300 underline">
            {CATEGORY_COPY.allCharacters}
          </Link>
          {" · "}
          <Link to="/characters/tags" className="text-brand-300 underline">
            {CATEGORY_COPY.allTags}
          </Link>
        </>
      }
      data={catalog}
    />
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
