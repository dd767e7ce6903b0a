/**
 * The close code of a live socket whose session ended (signed out, signed out elsewhere, banned,
 * expired, deleted; issue 58). The page does not open it again unless the session still answers.
 */
export const SESSION_ENDED = 4401;

/** The window event a page's parts raise when the server says the session ended: the session check hears it. */
export const SESSION_ENDED_EVENT = "reverie:session-ended";
