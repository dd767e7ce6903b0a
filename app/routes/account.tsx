import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireUser } from "~/lib/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Account | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <SectionInProgress title="Account" text="Your account page: tier, message allowance, preferences, excluded tags, membership and account deletion." />;
}

export const ErrorBoundary = RouteError;
