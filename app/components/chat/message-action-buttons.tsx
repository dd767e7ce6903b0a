import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef, useState } from "react";
import { Icon, type IconName } from "../icons";

// 44 px tap targets on phones; compact from 640 px (component classes in tailwind.css: every message repeats them).
export const iconButton = "message-action";

export type Action = {
  label: string;
  icon: IconName;
  aria?: string;
  onSelect: () => void;
  disabled?: boolean;
  primary?: boolean;
  danger?: boolean;
  className?: string;
};

/** An action as a button: an icon on phones, its word from 640 px. */
export const actionButton = (a: Action) => (
  <button
    key={a.label}
    type="button"
    disabled={a.disabled}
    onClick={a.onSelect}
    aria-label={a.aria ?? a.label}
    className={`${iconButton}${a.danger ? " message-action-danger" : ""}${a.className ? ` ${a.className}` : ""}`}
  >
    <Icon name={a.icon} className={a.icon === "play" || a.icon === "picture" ? "message-action-icon" : "message-action-icon sm:hidden"} />
    <span aria-hidden className="message-action-label">
      {a.label}
    </span>
  </button>
);

/**
 * The phone's menu of the actions that do not fit in one row. Radix's menu mounts on the first press
 * (opened, as its trigger would have opened it): every message has this menu, and the server render
 * and hydration of a chat page skip twenty menus nobody opened (issue 28).
 */
export function MoreActions({ items }: { items: Action[] }) {
  const [mounted, setMounted] = useState(false);
  // Opened from the keyboard, the menu starts on its first item, as Radix's own trigger does (Radix
  // tells keyboard from pointer by listening for keys, which began only once the menu was mounted).
  const byKeyboard = useRef(false);
  if (!items.length) return null;
  if (!mounted) {
    const open = (keyboard: boolean) => {
      byKeyboard.current = keyboard;
      setMounted(true);
    };
    return (
      <button
        type="button"
        className={`${iconButton} sm:hidden`}
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerDown={(e) => e.button === 0 && !e.ctrlKey && (e.preventDefault(), open(false))}
        onKeyDown={(e) => ["Enter", " ", "ArrowDown"].includes(e.key) && (e.preventDefault(), open(true))}
        onClick={() => open(false)}
      >
        <Icon name="more" className="size-4" />
      </button>
    );
  }
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className={`${iconButton} sm:hidden`} aria-label="More actions">
        <Icon name="more" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onFocus={(e) => {
            if (!byKeyboard.current || e.target !== e.currentTarget) return;
            byKeyboard.current = false;
            e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
          }}
          align="start"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-zinc-800 bg-zinc-950 p-1 shadow-xl"
        >
          {items.map((a) => (
            <DropdownMenu.Item
              key={a.label}
              disabled={a.disabled}
              onSelect={a.onSelect}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded px-3 text-sm outline-none data-[disabled]:opacity-40 data-[highlighted]:bg-zinc-800 ${a.danger ? "text-red-300" : "text-zinc-200"}`}
            >
              <Icon name={a.icon} className="size-4" />
              {a.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
