import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/rules.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Rules | ${BRAND}` },
  { name: "description", content: "Community rules for Reverie: no real people or celebrity lookalikes, nothing involving minors, honest tagging." },
];

export default function Page() {
  return <StaticPage title="Rules" intro="Keep Reverie a good place for everyone." content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
