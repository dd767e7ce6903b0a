import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireUser } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Story Mode | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <SectionInProgress title="Story Mode" text="Write interactive stories where you choose what happens next." />;
}

export const ErrorBoundary = RouteError;
