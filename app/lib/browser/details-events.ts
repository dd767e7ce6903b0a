/**
 * Opening the character's details panel on a tab from elsewhere on the chat page (issue 61: the
 * "Remembered" toast's link to Memory). The panel lives in the page's header, the toast's button in
 * the conversation: a window event joins them without a shared store.
 */
const EVENT = "reverie:open-details";

export function openDetails(tab: string) {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: tab }));
}

/** Calls `listener` with the tab each time something asks for the panel; answers the function that stops listening. */
export function onOpenDetails(listener: (tab: string) => void) {
  const heard = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(EVENT, heard);
  return () => window.removeEventListener(EVENT, heard);
}
