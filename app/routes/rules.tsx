import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/rules.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { pageTitle, WRITTEN_PAGES } from "~/spec/pages";

const PAGE = WRITTEN_PAGES.rules;

export const meta: MetaFunction = () => [{ title: pageTitle(PAGE.title) }, { name: "description", content: PAGE.description }];

export default function Page() {
  return <StaticPage title={PAGE.title} intro={PAGE.intro} content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
