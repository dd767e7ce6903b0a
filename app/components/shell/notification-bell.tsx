import * as Popover from "@radix-ui/react-popover";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LocalTime } from "~/components/ui/local-time";
import { isApiError, useApi } from "~/hooks/use-api";
import type { NotificationItem } from "~/models/notifications.server";
import { NOTIFICATION_COPY as COPY } from "~/spec/notifications";

type Page = { items: NotificationItem[]; unread: number; next: string | null };

/**
 * The bell in the header (issue 64): the unread count (read with the session), and on opening the
 * newest notifications, 20 at a time. Opening marks them read; the ones that were new stay marked
 * as new while the list is open. `compact` (a page with its own header, the chat) leaves it out on
 * phones, where the character's name needs the room; every other page has it.
 */
export function NotificationBell({ unread, compact = false }: { unread: number; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const first = useApi<Page>({ onError: () => false });
  const more = useApi<Page>({ onError: () => false });
  const markRead = useApi();
  // Only the answers to this opening's own loads count: React Router reloads a fetcher's last load
  // after any action anywhere, and those answers must neither mark anything read nor redraw the list.
  const waitingFirst = useRef(false);
  const waitingMore = useRef(false);
  useEffect(() => {
    if (!open) return;
    waitingFirst.current = true;
    first.load("/api/notifications");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    const page = first.data;
    if (!page || isApiError(page) || !waitingFirst.current || first.busy) return;
    waitingFirst.current = false;
    setItems(page.items);
    setNext(page.next);
    // Seen now: read from here on (the badge follows when the root data reloads after this call).
    if (page.unread > 0) markRead.submit("/api/notifications", "POST", { all: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first.data, first.busy]);
  useEffect(() => {
    const page = more.data;
    if (!page || isApiError(page) || !waitingMore.current || more.busy) return;
    waitingMore.current = false;
    setItems((list) => [...list, ...page.items.filter((i) => !list.some((l) => l.id === i.id))]);
    setNext(page.next);
  }, [more.data, more.busy]);
  const failed = isApiError(first.data);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={COPY.bellLabel(unread)}
        data-testid="notification-bell"
        className={`relative ${compact ? "hidden sm:inline-flex" : "inline-flex"} min-h-11 min-w-11 items-center justify-center rounded-md text-zinc-300 hover:bg-zinc-800 hover:text-white`}
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute right-1 top-1 min-w-4 rounded-full bg-pink-600 px-1 text-center text-[10px] font-bold leading-4 text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={COPY.heading}
          className="z-50 flex max-h-[70dvh] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-950 shadow-2xl"
        >
          <h2 className="border-b border-zinc-800 px-4 py-3 font-semibold text-white">{COPY.heading}</h2>
          <div className="overflow-y-auto">
            {failed ? (
              <p className="px-4 py-6 text-sm text-zinc-400">{COPY.failed}</p>
            ) : first.busy && !items.length ? (
              <p className="px-4 py-6 text-sm text-zinc-400">…</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-zinc-400">{COPY.empty}</p>
            ) : (
              <ul data-testid="notifications">
                {items.map((n) => {
                  const href = COPY.href(n);
                  const body = (
                    <>
                      <span className="block text-sm text-zinc-100">{COPY.text(n)}</span>
                      <span className="block text-xs text-zinc-400">
                        <LocalTime iso={n.createdAt} />
                      </span>
                    </>
                  );
                  return (
                    <li key={n.id} className={`border-b border-zinc-900 ${n.read ? "" : "bg-brand-700/15"}`} data-testid="notification" data-unread={!n.read}>
                      {href ? (
                        <Link to={href} onClick={() => setOpen(false)} className="block px-4 py-3 hover:bg-zinc-900">
                          {body}
                        </Link>
                      ) : (
                        <div className="px-4 py-3">{body}</div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {next && (
              <button
                type="button"
                disabled={more.busy}
                onClick={() => {
                  waitingMore.current = true;
                  more.load(`/api/notifications?before=${encodeURIComponent(next)}`);
                }}
                className="min-h-11 w-full px-4 text-sm text-brand-300 hover:bg-zinc-900"
              >
                {COPY.more}
              </button>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
