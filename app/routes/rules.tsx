import html from "~/content/rules.md?html";
import { StaticPage } from "~/components/static-page";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { WRITTEN_PAGES } from "~/spec/pages";

export const meta = pageMeta(WRITTEN_PAGES.rules);

export default function Page() {
  return <StaticPage {...WRITTEN_PAGES.rules} html={html} />;
}

export const headers = guestCacheHeaders;
