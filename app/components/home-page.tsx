import { Link } from "react-router";
import { useSignIn } from "~/components/auth/sign-in-dialog";
import { CharacterGrid } from "~/components/character-grid";
import { useRootData } from "~/hooks/use-root-data";
import type { CharacterCardData } from "~/models/catalog.server";
import type { RecentConversation } from "~/models/home.server";
import { RecentConversations } from "~/components/recent-conversations";
import { BRAND } from "~/spec/brand";
import { CHAT_MODELS } from "~/spec/models";
import { HOME_COPY as COPY } from "~/spec/pages";
import { HOME_CATEGORY_TAGS, TAG_PAGES } from "~/spec/tags";

/** The home page: a signed-in person's latest conversations first, then what the product is, featured characters, categories, features and the models. */
export function HomePage({
  featured,
  rising,
  counts,
  recent,
}: {
  featured: CharacterCardData[];
  /** The most chats started in the last 24 hours (issue 64); the row is left out while there are none. */
  rising: CharacterCardData[];
  counts: { characters: number; creators: number };
  recent: RecentConversation[];
}) {
  const { user } = useRootData();
  const { openSignIn } = useSignIn();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      {recent.length > 0 && <RecentConversations conversations={recent} />}
      <section className="flex flex-col items-center gap-5 py-14 text-center">
        <p className="rounded-full border border-brand-700/60 bg-brand-700/10 px-3 py-1 text-xs text-brand-300">{COPY.adultsOnly}</p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
          {COPY.headingLead}
          <span className="bg-gradient-to-r from-brand-400 to-pink-400 bg-clip-text text-transparent">{COPY.headingHighlight}</span>
        </h1>
        <p className="max-w-2xl text-lg text-zinc-400">
          {BRAND}
          {COPY.introAfterBrand}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/characters" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            {COPY.browseCharacters}
          </Link>
          {!user && (
            <button type="button" onClick={openSignIn} className="rounded-md border border-zinc-700 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-zinc-800">
              {COPY.signInFree}
            </button>
          )}
        </div>
      </section>

      <section aria-labelledby="featured-heading">
        <div className="mb-4 flex items-end justify-between">
          <h2 id="featured-heading" className="text-xl font-semibold text-white">
            {COPY.featured}
          </h2>
          <Link to="/characters" className="text-sm text-brand-300 hover:text-brand-400">
            {COPY.seeAll}
          </Link>
        </div>
        <CharacterGrid characters={featured} testId="featured" eager={0} />
      </section>

      {rising.length > 0 && (
        <section aria-labelledby="rising-heading" className="mt-12">
          <div className="mb-4 flex items-end justify-between gap-3">
            <div>
              <h2 id="rising-heading" className="text-xl font-semibold text-white">
                {COPY.rising}
              </h2>
              <p className="text-sm text-zinc-400">{COPY.risingIntro}</p>
            </div>
            <Link to="/characters?sort=trending" className="shrink-0 text-sm text-brand-300 hover:text-brand-400">
              {COPY.seeAll}
            </Link>
          </div>
          <CharacterGrid characters={rising} testId="rising" eager={0} />
        </section>
      )}

      <section aria-labelledby="categories-heading" className="mt-12">
        <h2 id="categories-heading" className="mb-3 text-xl font-semibold text-white">
          {COPY.byCategory}
        </h2>
        <div className="flex flex-wrap gap-2">
          {TAG_PAGES.filter((t) => (HOME_CATEGORY_TAGS as readonly string[]).includes(t.name)).map((t) => (
            <Link
              key={t.slug}
              to={`/characters/tags/${t.slug}`}
              className="rounded-full border border-zinc-700 px-3 py-1 text-sm text-zinc-200 hover:border-brand-500 hover:text-white"
            >
              {t.name}
            </Link>
          ))}
        </div>
      </section>

      <section className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {COPY.features.map((f) => (
          <div key={f.title} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            <h3 className="font-semibold text-white">{f.title}</h3>
            <p className="mt-2 text-sm text-zinc-400">{typeof f.text === "function" ? f.text(counts.characters, counts.creators) : f.text}</p>
          </div>
        ))}
      </section>

      <section className="mt-12 rounded-xl border border-zinc-800 bg-zinc-900/60 p-6">
        <h2 className="text-xl font-semibold text-white">{COPY.models}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {CHAT_MODELS.map((m) => (
            <li key={m.name} className="text-sm text-zinc-300">
              <strong className="text-white">{m.name}</strong> — {m.description}
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label={COPY.moreLinks} className="mt-12 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-zinc-400">
        {(
          [
            ["/faq", COPY.faq],
            ["/rules", COPY.rules],
            ["/pricing", COPY.pricing],
            ["/terms-of-use", COPY.termsOfUse],
            ["/privacy-policy", COPY.privacyPolicy],
          ] as const
        ).map(([to, label]) => (
          <Link key={to} to={to} className="hover:text-white">
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
