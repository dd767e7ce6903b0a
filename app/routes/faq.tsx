import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/faq.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Frequently Asked Questions | ${BRAND}` },
  { name: "description", content: "How Reverie works: signing in, tiers, models, personas, saved chats, membership and your account." },
];

export default function Page() {
  return <StaticPage title="Frequently Asked Questions" intro="Answers to what people ask us most." content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
