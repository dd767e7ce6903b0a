import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Markdown } from "~/components/markdown";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { useRootData } from "~/hooks/use-root-data";
import { listAnnouncements } from "~/models/announcement.server";
import { NEWS_COPY as COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }, { name: "description", content: COPY.description }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { announcements: await listAnnouncements(context.db) };
}

export default function NewsUpdates() {
  const { announcements: items } = useLoaderData<typeof loader>();
  const { links } = useRootData();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{COPY.heading}</h1>
        <a href={links.community} target="_blank" rel="noreferrer" className="text-sm text-brand-300 underline">
          {COPY.discord}
        </a>
      </div>
      <div className="flex flex-col gap-4">
        {items.map((a) => (
          <article key={a.id} id={a.title} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            <h2 className="text-lg font-semibold text-white">
              <a href={a.link} className="hover:underline">
                {a.title}
              </a>
            </h2>
            <p className="text-xs text-zinc-400">
              {a.author} [{a.date}]
            </p>
            {a.content.map((p, i) => (
              <Markdown key={i}>{p}</Markdown>
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
