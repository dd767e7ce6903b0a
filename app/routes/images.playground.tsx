import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteError } from "~/components/route-error";
import { SectionInProgress } from "~/components/section-in-progress";
import { requireUser } from "~/lib/auth/permissions.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Image Playground | ${BRAND}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <SectionInProgress title="Image Playground" text="Generate pictures of characters and scenes in anime or realistic style." />;
}

export const ErrorBoundary = RouteError;
