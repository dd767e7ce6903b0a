import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireUser } from "~/lib/auth/permissions.server";
import { pageTitle, SECTIONS_IN_PROGRESS } from "~/spec/pages";

const PAGE = SECTIONS_IN_PROGRESS.imagePlayground;

export const meta: MetaFunction = () => [{ title: pageTitle(PAGE.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <SectionInProgress title={PAGE.title} text={PAGE.text} />;
}

export const ErrorBoundary = RouteError;
