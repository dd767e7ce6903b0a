/**
 * What the Worker's entry (server.ts) needs of the app besides Remix's request handler. The Remix
 * build's entry exports it (app/entry.server.tsx), so the Worker's bundle holds one copy of the app's
 * code, not the Remix build's and a second one imported from source (decision 058).
 */
export { UserStore } from "./user-store/user-store.server";
export { EVENTS_QUEUE, handleEventsBatch } from "~/models/activity-events.server";
export { handleQueueBatch } from "./jobs/queue.server";
export { handleScheduled } from "./jobs/scheduled.server";
export { banGate } from "~/web/ban-gate.server";
export { finishPageResponse, matchGuestCache } from "./lib/http/guest-cache.server";
export { drainBody, refuseBodyOnRead, trackBody } from "./lib/http/http.server";
export { prepareCsrfToken } from "./lib/http/request-gate.server";
export { withSecurityHeaders } from "./lib/http/security-headers.server";
export { serverTimingValue, startTiming } from "./lib/http/server-timing.server";
export { getConfig } from "./lib/config.server";
export { returnBookmark } from "./lib/http/d1-session.server";
export { getLoadContext } from "../load-context";
