import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireCapability } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Mod Central | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCapability(request, context, "moderate");
  return null;
}

export default function Page() {
  return <SectionInProgress title="Mod Central" text="Moderation tools: reports, character review and user bans." />;
}

export const ErrorBoundary = RouteError;
