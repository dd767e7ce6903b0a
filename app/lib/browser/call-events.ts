/**
 * Starting a voice call from the chat's header (issue 63). The Call button lives in the page's header,
 * the chat (its messages, its sends) in the conversation: a window event joins them, as the details
 * panel's does.
 */
const EVENT = "reverie:open-call";

export function openCall() {
  window.dispatchEvent(new CustomEvent(EVENT));
}

/** Calls `listener` each time the Call button is pressed; answers the function that stops listening. */
export function onOpenCall(listener: () => void) {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
