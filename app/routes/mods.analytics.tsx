import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { pageOnlyFor } from "~/lib/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { SECTIONS_IN_PROGRESS } from "~/spec/pages";

export const meta = pageMeta(SECTIONS_IN_PROGRESS.analytics);

export const loader = pageOnlyFor("viewAnalytics");

export default function Page() {
  return <SectionInProgress {...SECTIONS_IN_PROGRESS.analytics} />;
}

export const ErrorBoundary = RouteError;
