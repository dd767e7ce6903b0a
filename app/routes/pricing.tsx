import type { MetaFunction } from "@remix-run/cloudflare";
import { PricingPage } from "~/components/pricing-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageTitle, PRICING_COPY } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(PRICING_COPY.title) }, { name: "description", content: PRICING_COPY.description }];

export default function Pricing() {
  return <PricingPage />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
