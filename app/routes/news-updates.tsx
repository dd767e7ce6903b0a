import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { useState } from "react";
import { AnnouncementEditor } from "~/components/news/announcement-editor";
import { NewsGallery } from "~/components/news/news-gallery";
import { NewsMarkdown } from "~/components/news/news-markdown";
import { RouteError } from "~/components/route-error";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { buttonClass, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { useRootData } from "~/hooks/use-root-data";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { listAnnouncements, type AnnouncementView } from "~/models/announcement.server";
import { ANNOUNCEMENT_COPY, ANNOUNCEMENT_MESSAGES } from "~/spec/moderation";
import { NEWS_COPY as COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }, { name: "description", content: COPY.description }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { announcements: await listAnnouncements(context.db) };
}

/** News & Updates (spec section 2): one card per announcement; moderators also write, edit and delete them. */
export default function NewsUpdates() {
  const { announcements: items } = useLoaderData<typeof loader>();
  const { links, can } = useRootData();
  const [editing, setEditing] = useState<AnnouncementView | "new" | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  const removal = useApi({ success: { title: ANNOUNCEMENT_MESSAGES.deleted } });
  const canEdit = can.moderate;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{COPY.heading}</h1>
        <div className="flex items-center gap-3">
          {canEdit && (
            <button type="button" className={`${buttonClass} min-h-11`} onClick={() => setEditing("new")}>
              {ANNOUNCEMENT_COPY.add}
            </button>
          )}
          <a href={links.community} target="_blank" rel="noreferrer" className="text-sm text-brand-300 underline">
            {COPY.discord}
          </a>
        </div>
      </div>
      <div className="flex flex-col gap-4">
        {items.map((a) => (
          <article key={a.id} id={a.title} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5" data-testid="announcement">
            <div className={a.images.length ? "flex flex-col gap-4 md:flex-row" : ""}>
              <div className={a.images.length ? "md:w-2/3" : ""}>
                <h2 className="text-lg font-semibold text-white">
                  <a href={a.link || `#${encodeURIComponent(a.title)}`} className="hover:underline">
                    {a.title}
                  </a>
                </h2>
                <p className="text-xs text-zinc-400">
                  {a.author} [{a.date}]
                </p>
                {a.content.map((p, i) => (
                  <NewsMarkdown key={i}>{p}</NewsMarkdown>
                ))}
              </div>
              {a.images.length > 0 && (
                <div className="md:w-1/3">
                  <NewsGallery images={a.images} title={a.title} />
                </div>
              )}
            </div>
            {canEdit && (
              <div className="mt-3 flex gap-2">
                <button type="button" className={`${secondaryButtonClass} min-h-11`} onClick={() => setEditing(a)}>
                  {ANNOUNCEMENT_COPY.edit}
                </button>
                <button type="button" className={`${secondaryButtonClass} min-h-11`} onClick={() => setDeleting(a)}>
                  {ANNOUNCEMENT_COPY.delete}
                </button>
              </div>
            )}
          </article>
        ))}
      </div>
      {editing && (
        <AnnouncementEditor
          key={editing === "new" ? "new" : editing.id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          editing={editing === "new" ? null : editing}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={ANNOUNCEMENT_COPY.delete}
        description={ANNOUNCEMENT_COPY.deleteConfirm}
        confirmLabel={ANNOUNCEMENT_COPY.delete}
        onConfirm={() => deleting && removal.submit(`/api/mods/announcements/${deleting.id}`, "DELETE")}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
