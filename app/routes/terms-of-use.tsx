import html from "~/content/terms-of-use.md?html";
import { StaticPage } from "~/components/static-page";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { WRITTEN_PAGES } from "~/spec/pages";

export const meta = pageMeta(WRITTEN_PAGES.termsOfUse);

export default function Page() {
  return <StaticPage {...WRITTEN_PAGES.termsOfUse} html={html} />;
}

export const headers = guestCacheHeaders;
