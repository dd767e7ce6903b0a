import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/privacy-policy.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Privacy Policy | ${BRAND}` },
  { name: "description", content: "How Reverie handles your data: what we collect, why, how long we keep it and your choices." },
];

export default function Page() {
  return <StaticPage title="Privacy Policy" intro="What we collect, why, and what you control." content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
