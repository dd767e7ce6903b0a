const TIER_STYLES = { FREE: "bg-zinc-800 text-zinc-200", SILVER: "bg-slate-700 text-slate-100", GOLD: "bg-amber-500/20 text-amber-300" } as const;

/** The tier with the suffix 'Account', each tier in its own colour (spec sections 2 and 6). */
export function TierLabel({ tier }: { tier: keyof typeof TIER_STYLES }) {
  return (
    <span data-testid="tier-label" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TIER_STYLES[tier]}`}>
      {tier} Account
    </span>
  );
}
