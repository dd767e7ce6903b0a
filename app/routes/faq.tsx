import html from "~/content/faq.md?html";
import { StaticPage } from "~/components/static-page";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { WRITTEN_PAGES } from "~/spec/pages";

export const meta = pageMeta(WRITTEN_PAGES.faq);

export default function Page() {
  return <StaticPage {...WRITTEN_PAGES.faq} html={html} />;
}

export const headers = guestCacheHeaders;
