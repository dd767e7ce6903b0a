import type handlers from "../../../server";

/** The built Worker's handlers (worker.js), typed as server.ts declares them. */
declare const worker: typeof handlers;
export default worker;
