import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useSignIn } from "~/components/auth/sign-in-dialog";
import { CharacterGrid } from "~/components/character-grid";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { useRootData } from "~/hooks/use-root-data";
import { getSessionUser } from "~/lib/auth/session.server";
import { listFeatured } from "~/models/catalog.server";
import { BRAND, BRAND_TAGLINE } from "~/spec/brand";
import { CHAT_MODELS } from "~/spec/models";
import { TAG_PAGES } from "~/spec/tags";

export const meta: MetaFunction = () => [
  { title: `${BRAND} - ${BRAND_TAGLINE}` },
  {
    name: "description",
    content: `Chat with AI characters, create and publish your own, write interactive stories and hear characters speak. ${BRAND} is for adults 18+.`,
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  return { featured: await listFeatured(context.db, user?.id ?? null, 8) };
}

const FEATURES = [
  {
    title: "Characters with depth",
    text: "Thousands of personalities across romance, fantasy, sci-fi and slice-of-life, each with their own voice and story.",
  },
  { title: "Be who you want", text: "Personas let you choose who you are in every chat. Swipe, regenerate and edit replies until the story feels right." },
  { title: "Create and publish", text: "Write your own characters with greetings, scenarios and example dialogue, then share them with the community." },
  { title: "Private and safe", text: "Your chats are yours. Excluded tags and Safe Images keep what you don't want to see out of sight." },
];

export default function Home() {
  const { featured } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  const { openSignIn } = useSignIn();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <section className="flex flex-col items-center gap-5 py-14 text-center">
        <p className="rounded-full border border-brand-700/60 bg-brand-700/10 px-3 py-1 text-xs text-brand-300">For adults 18+</p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
          Chat with characters who <span className="bg-gradient-to-r from-brand-400 to-pink-400 bg-clip-text text-transparent">remember the story</span>
        </h1>
        <p className="max-w-2xl text-lg text-zinc-400">
          {BRAND} is where you talk with AI characters, build your own, write interactive stories and hear characters speak. Pick a character and say hello.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/characters" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
            Browse characters
          </Link>
          {!user && (
            <button type="button" onClick={openSignIn} className="rounded-md border border-zinc-700 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-zinc-800">
              Sign in free
            </button>
          )}
        </div>
      </section>

      <section aria-labelledby="featured-heading">
        <div className="mb-4 flex items-end justify-between">
          <h2 id="featured-heading" className="text-xl font-semibold text-white">
            Featured characters
          </h2>
          <Link to="/characters" className="text-sm text-brand-300 hover:text-brand-400">
            See all →
          </Link>
        </div>
        <CharacterGrid characters={featured} testId="featured" />
      </section>

      <section aria-labelledby="categories-heading" className="mt-12">
        <h2 id="categories-heading" className="mb-3 text-xl font-semibold text-white">
          Browse by category
        </h2>
        <div className="flex flex-wrap gap-2">
          {TAG_PAGES.filter((t) =>
            ["Female", "Male", "Wholesome", "Story Teller", "Scenario", "Fanfic", "Monster", "Robot", "Book", "Hidden Gem"].includes(t.name),
          ).map((t) => (
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
        {FEATURES.map((f) => (
          <div key={f.title} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            <h3 className="font-semibold text-white">{f.title}</h3>
            <p className="mt-2 text-sm text-zinc-400">{f.text}</p>
          </div>
        ))}
      </section>

      <section className="mt-12 rounded-xl border border-zinc-800 bg-zinc-900/60 p-6">
        <h2 className="text-xl font-semibold text-white">Four models, one conversation</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {CHAT_MODELS.map((m) => (
            <li key={m.name} className="text-sm text-zinc-300">
              <strong className="text-white">{m.name}</strong> — {m.description}
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label="More" className="mt-12 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-zinc-400">
        <Link to="/faq" className="hover:text-white">
          FAQ
        </Link>
        <Link to="/rules" className="hover:text-white">
          Rules
        </Link>
        <Link to="/pricing" className="hover:text-white">
          Pricing
        </Link>
        <Link to="/terms-of-use" className="hover:text-white">
          Terms of Use
        </Link>
        <Link to="/privacy-policy" className="hover:text-white">
          Privacy Policy
        </Link>
      </nav>
    </div>
  );
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
