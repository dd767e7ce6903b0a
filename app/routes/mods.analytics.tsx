import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireCapability } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Analytics | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCapability(request, context, "viewAnalytics");
  return null;
}

export default function Page() {
  return <SectionInProgress title="Analytics" text="Service analytics for the administrator." />;
}

export const ErrorBoundary = RouteError;
