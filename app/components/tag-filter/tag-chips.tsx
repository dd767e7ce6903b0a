import { useState } from "react";
import { ALL_TAGS_SORTED } from "./groups";
import { useTagNavigation } from "./use-tag-navigation";

const FIRST = 10;
const chip = "rounded-full border px-3 py-1 text-sm transition";

/** The compact variant: 'All', applied tags as removable chips, the other tags alphabetically with 'All Tags'. */
export function TagChips({ applied }: { applied: string[] }) {
  const [expanded, setExpanded] = useState(false);
  const go = useTagNavigation();
  const others = ALL_TAGS_SORTED.filter((t) => !applied.includes(t));
  const shown = expanded ? others : others.slice(0, FIRST);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="tag-chips">
      <button
        type="button"
        aria-pressed={applied.length === 0}
        onClick={() => go([])}
        className={`${chip} ${applied.length === 0 ? "border-brand-500 bg-brand-700/50 text-white" : "border-zinc-700 text-zinc-200 hover:border-zinc-500"}`}
      >
        All
      </button>
      {applied.map((tag) => (
        <button
          key={tag}
          type="button"
          onClick={() => go(applied.filter((t) => t !== tag))}
          className={`${chip} border-brand-500 bg-brand-700/50 text-white`}
          aria-label={`Remove ${tag}`}
        >
          {tag} <span aria-hidden>×</span>
        </button>
      ))}
      {shown.map((tag) => (
        <button key={tag} type="button" onClick={() => go([...applied, tag])} className={`${chip} border-zinc-700 text-zinc-300 hover:border-zinc-500`}>
          {tag}
        </button>
      ))}
      {expanded ? (
        <button type="button" onClick={() => setExpanded(false)} className="text-sm text-brand-300 underline">
          Close
        </button>
      ) : (
        others.length > FIRST && (
          <button type="button" onClick={() => setExpanded(true)} className="text-sm text-brand-300 underline">
            All Tags
          </button>
        )
      )}
    </div>
  );
}
