/**
 * What the Worker's entry (server.ts) needs of the app besides React Router's request handler: the
 * object's class, the queue and cron handlers and the request gates (decisions 058 and 084).
 */
export { UserStore } from "./objects/user-store.server";
export { EVENTS_QUEUE, handleEventsBatch, replayShown, shownForCache } from "~/models/activity-events.server";
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
