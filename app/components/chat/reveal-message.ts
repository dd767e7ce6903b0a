import type { ChatPicture } from "~/lib/picture";
import { LATEST_MAX } from "~/lib/chat/latest-max";
import type { LatestPart } from "~/user-store/chat-tree";

/** At most this many reads of earlier messages to reach one (LATEST_MAX each: 10,000 messages up). */
const READS_MAX = 20;

/**
 * The earlier messages of the branch on screen down from message `id` to the first one shown
 * (`firstId`), read LATEST_MAX at a time, to show a message recalled from far back (issue 62). Null
 * when `id` is not above the first shown, or a read failed.
 */
export async function readDownFrom(base: string, firstId: string, id: string): Promise<(LatestPart & { pictures: ChatPicture[] }) | null> {
  let above: LatestPart["messages"] = [];
  const pictures: ChatPicture[] = [];
  let top = firstId;
  for (let read = 0; read < READS_MAX; read++) {
    const answer = await fetch(`${base}?latest=${LATEST_MAX}&before=${top}`, { headers: { accept: "application/json" } }).catch(() => null);
    if (!answer?.ok) return null;
    const part = (await answer.json()) as LatestPart & { pictures?: ChatPicture[] };
    above = [...part.messages, ...above];
    pictures.push(...(part.pictures ?? []));
    if (part.messages.some((m) => m.id === id)) return { messages: above, earlier: part.earlier, pictures };
    if (!part.earlier || !part.messages.length) return null;
    top = part.messages[0].id;
  }
  return null;
}

/**
 * Shows a message of the branch on screen (issue 62, "Show in chat"): brought into the list when it is
 * further up (`reveal`), scrolled to the middle of the view and lit for a moment. False when it is not
 * on the branch on screen.
 */
export async function showInChat(reveal: (id: string) => Promise<boolean>, id: string, leaveBottom: () => void) {
  if (!(await reveal(id))) return false;
  // Two frames: the messages joined above are drawn, and the place kept (useKeepPlaceAbove).
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const item = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
  if (!item) return false;
  // Keeping the place scrolled down to the end again, which made the chat follow it: it stops now,
  // or a picture loading in the messages joined above would pull the view back down.
  leaveBottom();
  // At once: a smooth scroll over thousands of messages shows nothing but a blur, and lasts long enough for a late picture to move the page under it.
  item.scrollIntoView({ block: "center", behavior: "instant" });
  // Keyboards and screen readers go on from the message shown.
  item.tabIndex = -1;
  item.focus({ preventScroll: true });
  item.dataset.highlight = "true";
  setTimeout(() => delete item.dataset.highlight, 2_500);
  return true;
}
