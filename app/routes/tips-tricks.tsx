import html from "~/content/tips-tricks.md?html";
import { StaticPage } from "~/components/static-page";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { WRITTEN_PAGES } from "~/spec/pages";

export const meta = pageMeta(WRITTEN_PAGES.tipsTricks);

export default function Page() {
  return <StaticPage {...WRITTEN_PAGES.tipsTricks} html={html} />;
}

export const headers = guestCacheHeaders;
