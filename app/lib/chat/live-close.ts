/**
 * The close code of a live socket whose session ended (signed out, signed out elsewhere, banned,
 * expired, deleted; issue 58). The page does not open it again unless the session still answers.
 */
export const SESSION_ENDED = 4401;

/** The window event a page's parts raise when the server says the session ended: the session check hears it. */
export const SESSION_ENDED_EVENT = "reverie:session-ended";

/**
 * The frame the object sends just before it closes a socket whose session ended: the page acts on it at
 * once, without waiting for the close itself (a browser reports that only once the connection is gone).
 */
export const SESSION_ENDED_FRAME = JSON.stringify({ type: "ended" });
