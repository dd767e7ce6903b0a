import { Link } from "react-router";
import { LocalTime } from "~/components/ui/local-time";
import type { RecentConversation } from "~/models/home.server";
import { HOME_COPY as COPY } from "~/spec/pages";

/**
 * The signed-in person's latest conversations (issue 61): chats, group chats and stories, last touched
 * first, each card one tap from going on. A row that scrolls sideways on a phone, a grid wider.
 */
export function RecentConversations({ conversations }: { conversations: RecentConversation[] }) {
  return (
    <section aria-labelledby="recent-heading" className="pt-8">
      <h2 id="recent-heading" className="mb-3 text-xl font-semibold text-white">
        {COPY.continueHeading}
      </h2>
      <ul
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-4"
        data-testid="recent-conversations"
      >
        {conversations.map((c) => (
          <li key={c.to} className="w-64 shrink-0 snap-start sm:w-auto">
            <Link
              to={c.to}
              className="flex h-full min-h-11 flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3 hover:border-zinc-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              <span className="flex items-center gap-3">
                <span className="flex shrink-0 -space-x-3">
                  {c.pictures.map((p) => (
                    <img key={p.id} src={p.thumbnailUrl} alt="" loading="lazy" className="h-10 w-10 rounded-full border-2 border-zinc-900 object-cover" />
                  ))}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-white">{c.title}</span>
                  <span className="block text-xs text-zinc-400">
                    {c.kind === "group" ? `${COPY.groupChat} · ` : c.kind === "story" ? `${COPY.story} · ` : ""}
                    <LocalTime iso={c.at} />
                  </span>
                </span>
              </span>
              {c.line && (
                <span className="line-clamp-2 text-sm text-zinc-400" data-testid="recent-line">
                  {c.fromPerson ? COPY.youSaid : ""}
                  {c.line}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
