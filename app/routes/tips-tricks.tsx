import content from "~/content/tips-tricks.md?raw";
import { StaticPage } from "~/components/static-page";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { WRITTEN_PAGES } from "~/spec/pages";

export const meta = pageMeta(WRITTEN_PAGES.tipsTricks);

export default function Page() {
  return <StaticPage {...WRITTEN_PAGES.tipsTricks} content={content} />;
}

export const headers = guestCacheHeaders;
