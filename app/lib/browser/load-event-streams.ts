/**
 * Loads the browser's event readers and parsers (`event-streams.ts`, decision 074). The browser keeps
 * the module once loaded, so every call after the first answers at once.
 */
export const eventStreams = () => import("./event-streams");
