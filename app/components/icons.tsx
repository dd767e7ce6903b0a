import {
  ArrowBigUp,
  ArrowRight,
  Camera,
  Copy,
  Ellipsis,
  ExternalLink,
  Flag,
  GitBranch,
  Heart,
  Info,
  Pencil,
  Pin,
  Play,
  RotateCw,
  Trash2,
  type LucideIcon,
} from "lucide-react";

/** Icons drawn many times on a page (a card's votes, a message's actions): defined once, used by reference. */
const ICONS = {
  regenerate: RotateCw,
  branch: GitBranch,
  play: Play,
  picture: Camera,
  continue: ArrowRight,
  edit: Pencil,
  copy: Copy,
  remember: Pin,
  delete: Trash2,
  report: Flag,
  more: Ellipsis,
  upvote: ArrowBigUp,
  favorite: Heart,
  details: Info,
  external: ExternalLink,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/** On every page (the root layout): the cards' votes and details, and the menu's outside links. */
export const SHELL_ICONS: IconName[] = ["upvote", "favorite", "details", "external"];
/** In a chat (components/chat/chat-view.tsx): a message's actions. */
export const MESSAGE_ICONS: IconName[] = ["regenerate", "branch", "play", "picture", "continue", "edit", "copy", "remember", "delete", "report", "more"];

/**
 * Icon definitions, drawn once per page and used by reference (Icon). Drawing each icon's paths where it
 * is used made a catalog page carry 26 KB of copies and a 200-message chat a megabyte (decision 024).
 */
export function IconSprite({ names }: { names: IconName[] }) {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <defs>
        {names.map((name) => {
          const Drawn = ICONS[name];
          return (
            <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
              <Drawn width={24} height={24} fill="inherit" />
            </symbol>
          );
        })}
      </defs>
    </svg>
  );
}

/** One of the sprite's icons, sized and coloured by `className` (strokes in currentColor; `filled` fills it too). */
export function Icon({ name, className, filled = false }: { name: IconName; className?: string; filled?: boolean }) {
  return (
    <svg aria-hidden className={className} fill={filled ? "currentColor" : "none"}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
