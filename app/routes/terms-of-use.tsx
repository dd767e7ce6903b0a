import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/terms-of-use.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Terms of Use | ${BRAND}` },
  { name: "description", content: "The terms for using Reverie, an AI character chat service for adults 18+." },
];

export default function Page() {
  return <StaticPage title="Terms of Use" intro="The agreement between you and Reverie." content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
