import { lazy } from "react";

/**
 * "What it remembered" (issue 62) is loaded when a person first opens it, not with every chat page (the
 * chat route's JavaScript budget). A `.client` module: the dialog only ever opens in the browser.
 */
export const LazyMemoryUsedDialog = lazy(() => import("./memory-used").then((m) => ({ default: m.MemoryUsedDialog })));
