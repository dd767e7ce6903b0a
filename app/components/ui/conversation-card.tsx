import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One conversation in a list of them (a group chat, a story): the pictures of who is in it, its name,
 * and one line under it, the whole card opening it.
 */
export function ConversationCard({
  to,
  pictures,
  title,
  line,
  testId,
}: {
  to: string;
  pictures: { id: string; thumbnailUrl: string }[];
  title: string;
  line: ReactNode;
  testId: string;
}) {
  return (
    <Link to={to} className="flex min-h-11 items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3 hover:border-zinc-600" data-testid={testId}>
      <span className="flex shrink-0 -space-x-3">
        {pictures.map((p) => (
          <img key={p.id} src={p.thumbnailUrl} alt="" className="h-10 w-10 rounded-full border-2 border-zinc-900 object-cover" />
        ))}
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-white">{title}</span>
        <span className="block truncate text-xs text-zinc-400">{line}</span>
      </span>
    </Link>
  );
}
