import { Link } from "@remix-run/react";
import { PRICING_NOTE, PRICING_TIERS } from "~/content/pricing";
import { useRootData } from "~/hooks/use-root-data";
import { PRICING_COPY as COPY } from "~/spec/pages";

const TIER_COLORS = { FREE: "text-zinc-200", SILVER: "text-slate-300", GOLD: "text-amber-300" } as const;

/** The tiers side by side, with the visitor's own tier marked and a way to each of the others. */
export function PricingPage() {
  const { user, links } = useRootData();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-white">{COPY.title}</h1>
      <p className="mt-2 max-w-2xl text-zinc-400">{PRICING_NOTE}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {PRICING_TIERS.map((t) => {
          const current = user?.tier === t.tier;
          return (
            <section
              key={t.tier}
              aria-labelledby={`tier-${t.tier}`}
              className={`flex flex-col rounded-xl border p-6 ${t.highlight ? "border-amber-500/60 bg-amber-950/10" : "border-zinc-800 bg-zinc-900/60"}`}
            >
              <h2 id={`tier-${t.tier}`} className={`text-xl font-bold ${TIER_COLORS[t.tier]}`}>
                {t.tier}
              </h2>
              <p className="mt-1 text-sm text-zinc-400">{t.tagline}</p>
              <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-zinc-300">
                {t.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span aria-hidden className="text-brand-400">
                      ✓
                    </span>
                    {f}
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                {current ? (
                  <p className="rounded-md border border-zinc-700 px-4 py-2 text-center text-sm text-zinc-300">{COPY.currentTier}</p>
                ) : t.tier === "FREE" ? (
                  <Link
                    to="/characters"
                    className="block rounded-md border border-zinc-700 px-4 py-2 text-center text-sm font-semibold text-zinc-100 hover:bg-zinc-800"
                  >
                    {COPY.startChatting}
                  </Link>
                ) : (
                  <a
                    href={links.membership}
                    target="_blank"
                    rel="noreferrer"
                    className="block rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-500"
                  >
                    {COPY.subscribeLead}
                    {t.tier}
                    {COPY.subscribeTail}
                  </a>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
