import { Link } from "@remix-run/react";
import { PageHeader } from "./page-header";

/**
 * Shown by sections whose features ship in their own issue (account, personas, characters, chat,
 * stories, images, moderation), so every menu link leads somewhere honest instead of a 404.
 */
export function SectionInProgress({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title={title} />
      <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-6" data-testid="section-in-progress">
        <p className="text-zinc-300">{text}</p>
        <p className="mt-3 text-sm text-zinc-400">This section is not open yet. In the meantime you can browse characters or read the tips.</p>
        <div className="mt-4 flex gap-3">
          <Link to="/characters" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
            Browse characters
          </Link>
          <Link to="/tips-tricks" className="rounded-md border border-zinc-700 px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800">
            Tips & Tricks
          </Link>
        </div>
      </div>
    </div>
  );
}
