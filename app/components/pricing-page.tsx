import { Check } from "lucide-react";
import { Link } from "react-router";
import { PRICING_NOTE, pricingTiers } from "~/content/pricing";
import { useRootData } from "~/hooks/use-root-data";
import { PRICING_COPY as COPY } from "~/spec/pages";
import { TIERS, type Tier } from "~/spec/tiers";
import { useSignIn } from "./auth/sign-in-dialog";
import { buttonClass, secondaryButtonClass } from "./ui/field";

const TIER_COLORS = { FREE: "text-zinc-200", SILVER: "text-slate-300", GOLD: "text-amber-300" } as const;

type Props = {
  prices: { currency: string; SILVER: number; GOLD: number };
  allowance: {
    size: number;
    periodHours: number;
    pictures: Record<"FREE" | "SILVER" | "GOLD", number>;
    callMinutes: Record<"FREE" | "SILVER" | "GOLD", number>;
  };
};

const money = (amount: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);

/**
 * The tiers side by side with their monthly prices. The visitor's own tier is marked, the next tier
 * up is the one button that stands out, and tiers below theirs say they are included.
 */
export function PricingPage({ prices, allowance }: Props) {
  const { user, links } = useRootData();
  const mine = TIERS.indexOf((user?.tier ?? "FREE") as Tier);
  const next = user ? mine + 1 : 0;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-white">{COPY.title}</h1>
      <p className="mt-2 max-w-2xl text-zinc-400">{PRICING_NOTE}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {pricingTiers(allowance).map((t, index) => {
          const current = !!user && index === mine;
          return (
            <section
              key={t.tier}
              aria-labelledby={`tier-${t.tier}`}
              data-testid={`tier-${t.tier}`}
              data-current={current || undefined}
              className={`flex flex-col rounded-xl border p-6 ${current ? "border-brand-500 bg-brand-700/10" : index === next ? "border-amber-500/60 bg-amber-950/10" : "border-zinc-800 bg-zinc-900/60"}`}
            >
              <div className="flex items-baseline justify-between gap-2">
                <h2 id={`tier-${t.tier}`} className={`text-xl font-bold ${TIER_COLORS[t.tier]}`}>
                  {t.tier}
                </h2>
                {current && <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{COPY.currentTier}</span>}
              </div>
              <p className="mt-2 text-2xl font-bold text-white">
                {t.tier === "FREE" ? COPY.free : money(prices[t.tier], prices.currency)}
                {t.tier !== "FREE" && <span className="ml-1 text-sm font-normal text-zinc-400">{COPY.perMonth}</span>}
              </p>
              <p className="mt-1 text-sm text-zinc-400">{t.tagline}</p>
              <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-zinc-300">
                {t.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-400" />
                    {f}
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                <TierAction
                  tier={t.tier}
                  signedIn={!!user}
                  position={index < mine ? "below" : current ? "current" : index === next ? "next" : "above"}
                  membership={links.membership}
                />
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** One button or note per tier: where the visitor stands decides which. */
function TierAction({
  tier,
  signedIn,
  position,
  membership,
}: {
  tier: Tier;
  signedIn: boolean;
  position: "below" | "current" | "next" | "above";
  membership: string;
}) {
  const { openSignIn } = useSignIn();
  const full = "block w-full text-center";
  if (position === "current" || position === "below")
    return (
      <p className="rounded-md border border-zinc-700 px-4 py-2 text-center text-sm text-zinc-300">
        {position === "current" ? COPY.currentTier : COPY.included}
      </p>
    );
  if (tier === "FREE")
    return signedIn ? (
      <Link to="/characters" className={`${secondaryButtonClass} ${full}`}>
        {COPY.startChatting}
      </Link>
    ) : (
      <button type="button" onClick={() => openSignIn()} className={`${buttonClass} ${full}`}>
        {COPY.signInFree}
      </button>
    );
  return (
    <a href={membership} target="_blank" rel="noreferrer" className={`${position === "next" ? buttonClass : secondaryButtonClass} ${full}`}>
      {signedIn ? COPY.upgradeLead : COPY.subscribeLead}
      {tier}
      {COPY.subscribeTail}
    </a>
  );
}
