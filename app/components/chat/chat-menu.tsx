import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical } from "lucide-react";
import type { DetailsTab } from "../character-details/details-panel";
import { Icon } from "../icons";
import { MEMORY_MESSAGES } from "~/spec/messages";
import { CHAT_MENU, DETAILS_TABS } from "~/spec/pages";

/**
 * The chat header's "Chat menu" (issue 61): each tab of the character's panel in one tap (Memory,
 * Saved Chats with import and export, Chat Settings with who you are chatting as, and the Overview),
 * where people look for them, on phone and desktop.
 */
export function ChatMenu({
  onOpen,
  memory,
  upvote,
  call,
}: {
  onOpen: (tab: DetailsTab) => void;
  memory: boolean;
  /** On a phone the header has no room for the Call button either: it is the menu's first item there (issue 63). */
  call?: { label: string; start: () => void };
  /** On a phone the header has no room for the upvote: it is the menu's last item there. */
  upvote?: { pressed: boolean; toggle: () => void; name: string };
}) {
  const items: { tab: DetailsTab; label: string }[] = [
    ...(memory ? [{ tab: "memory" as const, label: MEMORY_MESSAGES.tab }] : []),
    { tab: "saved", label: DETAILS_TABS.saved },
    { tab: "settings", label: DETAILS_TABS.settings },
    { tab: "overview", label: CHAT_MENU.overview },
  ];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md text-zinc-300 hover:bg-zinc-800 hover:text-white data-[state=open]:bg-zinc-800"
        aria-label={CHAT_MENU.label}
        data-testid="chat-menu"
      >
        <EllipsisVertical aria-hidden className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-zinc-800 bg-zinc-950 p-1 shadow-xl">
          {call && (
            <DropdownMenu.Item
              onSelect={call.start}
              className="flex min-h-11 cursor-pointer items-center rounded px-3 text-sm font-semibold text-zinc-100 outline-none data-[highlighted]:bg-zinc-800 sm:hidden"
            >
              {call.label}
            </DropdownMenu.Item>
          )}
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.tab}
              onSelect={() => onOpen(item.tab)}
              className="flex min-h-11 cursor-pointer items-center rounded px-3 text-sm text-zinc-200 outline-none data-[highlighted]:bg-zinc-800"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
          {upvote && (
            <DropdownMenu.CheckboxItem
              checked={upvote.pressed}
              onSelect={upvote.toggle}
              aria-label={`Upvote ${upvote.name}`}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-3 text-sm text-zinc-200 outline-none data-[highlighted]:bg-zinc-800 sm:hidden"
            >
              <Icon name="upvote" className={`size-4 ${upvote.pressed ? "text-brand-300" : ""}`} filled={upvote.pressed} />
              {CHAT_MENU.upvote}
            </DropdownMenu.CheckboxItem>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
