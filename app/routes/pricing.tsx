import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { PricingPage } from "~/components/pricing-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { pageMeta } from "~/lib/http/page-meta";
import { PRICING_COPY } from "~/spec/pages";

export const meta = pageMeta(PRICING_COPY);

/** The prices and the allowances come from configuration (PRICES, MESSAGE_ALLOWANCE, IMAGE_ALLOWANCE, CALL_MINUTES); the same for everyone. */
export const loader = ({ context }: LoaderFunctionArgs) => ({
  prices: context.config.prices,
  allowance: {
    size: context.config.allowance.size,
    periodHours: context.config.allowance.periodMs / 3_600_000,
    pictures: context.config.images.allowance.sizes,
    callMinutes: context.config.calls.minutes,
  },
});

export default function Pricing() {
  return <PricingPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
