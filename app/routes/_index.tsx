import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HomePage } from "~/components/home-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { listFeatured } from "~/models/catalog.server";
import { HOME_COPY } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: HOME_COPY.title }, { name: "description", content: HOME_COPY.description }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  return { featured: await listFeatured(context.db, user?.id ?? null, 8) };
}

export default function Home() {
  const { featured } = useLoaderData<typeof loader>();
  return <HomePage featured={featured} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
