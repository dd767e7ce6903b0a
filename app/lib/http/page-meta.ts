import type { MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/spec/pages";

/** A page's `<title>` (and description, when it has one) from its entry in app/spec/pages.ts. */
export const pageMeta =
  (page: { title: string; description?: string }): MetaFunction =>
  () => [{ title: pageTitle(page.title) }, ...(page.description ? [{ name: "description", content: page.description }] : [])];
