import type { MetaFunction } from "@remix-run/cloudflare";
import content from "~/content/tips-tricks.md?raw";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { StaticPage } from "~/components/static-page";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [
  { title: `Tips & Tricks | ${BRAND}` },
  { name: "description", content: "Tips for writing great characters and getting better replies on Reverie." },
];

export default function Page() {
  return <StaticPage title="Tips & Tricks" intro="Get better chats and better characters." content={content} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
