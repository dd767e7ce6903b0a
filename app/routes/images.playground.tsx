import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { pageOnlyFor } from "~/lib/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { SECTIONS_IN_PROGRESS } from "~/spec/pages";

export const meta = pageMeta(SECTIONS_IN_PROGRESS.imagePlayground);

export const loader = pageOnlyFor("user");

export default function Page() {
  return <SectionInProgress {...SECTIONS_IN_PROGRESS.imagePlayground} />;
}

export const ErrorBoundary = RouteError;
