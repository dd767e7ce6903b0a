import type { MetaFunction } from "react-router";
import { pageTitle } from "~/spec/pages";

/** A page's `<title>` and description (its intro when it has no description of its own) from its entry in app/spec/pages.ts. */
export const pageMeta =
  (page: { title: string; description?: string; intro?: string }): MetaFunction =>
  () => {
    const description = page.description ?? page.intro;
    return [{ title: pageTitle(page.title) }, ...(description ? [{ name: "description", content: description }] : [])];
  };
