import { lazy } from "react";

/**
 * react-markdown and GFM are about 53 KB gzip: the browser loads them when a details panel first shows
 * a persona or notes, not with every page that has a panel (the chat among them). A `.client` module:
 * the server gets nothing from it (the panel opens in the browser), so its bundle has no second copy.
 */
export const LazyMarkdown = lazy(() => import("../markdown").then((m) => ({ default: m.Markdown })));
