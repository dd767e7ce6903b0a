import type { ReactNode } from "react";

import { tagTone } from "../tag-style";
import { byName } from "~/spec/plain-text";

/** A toggle chip: a pill button, pressed when selected. */
export function Chip({
  on,
  disabled,
  onClick,
  className,
  children,
}: {
  on: boolean;
  disabled?: boolean;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-pressed={on} disabled={disabled} onClick={onClick} className={`chip ${className}`}>
      {children}
    </button>
  );
}

/**
 * Toggle chips for a list of names, sorted; `styles` colours a selected chip (content tags have
 * their own), `max` disables the rest once that many are chosen.
 */
export function Chips({
  all,
  selected,
  onChange,
  styles,
  max,
  disabled,
}: {
  all: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
  styles?: Record<string, string>;
  max?: number;
  /** Every chip shown as it is and none can change (a moderator holds the tags). */
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {[...all].sort(byName).map((name) => {
        const on = selected.includes(name);
        return (
          <Chip
            key={name}
            on={on}
            disabled={disabled || (!on && max !== undefined && selected.length >= max)}
            onClick={() => onChange(on ? selected.filter((s) => s !== name) : [...selected, name])}
            className={`disabled:opacity-40 ${on && styles?.[name] ? styles[name] : tagTone(name, on)}`}
          >
            {name}
          </Chip>
        );
      })}
    </div>
  );
}
