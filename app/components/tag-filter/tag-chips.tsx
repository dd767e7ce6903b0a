import { useState } from "react";
import { Chip } from "../ui/chips";
import { tagTone, WarningMark } from "../tag-style";
import { TAG_FILTER_COPY } from "~/spec/pages";
import { GENDER_TAGS } from "~/spec/tags";
import { clearSavedGenderFilters, useTagNavigation } from "./use-tag-navigation";

const FIRST = 10;

/**
 * The compact variant: 'All', applied tags as removable chips, then the other tags in alphabetical
 * order, content warnings last (styled as warnings), with 'All Tags' for the rest. 'All' and removing
 * a gender tag forget the saved gender filters.
 */
export function TagChips({ applied, order }: { applied: string[]; order: readonly string[] }) {
  const [expanded, setExpanded] = useState(false);
  const go = useTagNavigation();
  const others = order.filter((t) => !applied.includes(t));
  const shown = expanded ? others : others.slice(0, FIRST);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="tag-chips">
      <Chip
        on={applied.length === 0}
        onClick={() => (clearSavedGenderFilters(), go([]))}
        className={`chip-touch min-w-11 sm:min-w-0 ${tagTone("", applied.length === 0)}`}
      >
        {TAG_FILTER_COPY.all}
      </Chip>
      {applied.map((tag) => (
        <button
          key={tag}
          type="button"
          onClick={() => {
            if ((GENDER_TAGS as readonly string[]).includes(tag)) clearSavedGenderFilters();
            go(applied.filter((t) => t !== tag));
          }}
          className={`chip chip-touch ${tagTone(tag, true)}`}
          aria-label={TAG_FILTER_COPY.remove(tag)}
        >
          {tag} <span aria-hidden>×</span>
        </button>
      ))}
      {shown.map((tag) => (
        <button key={tag} type="button" onClick={() => go([...applied, tag])} className={`chip chip-touch ${tagTone(tag, false)}`}>
          <WarningMark tag={tag} />
          {tag}
        </button>
      ))}
      {expanded ? (
        <button type="button" onClick={() => setExpanded(false)} className="min-h-11 px-2 text-sm text-brand-300 underline sm:min-h-0">
          {TAG_FILTER_COPY.close}
        </button>
      ) : (
        others.length > FIRST && (
          <button type="button" onClick={() => setExpanded(true)} className="min-h-11 px-2 text-sm text-brand-300 underline sm:min-h-0">
            {TAG_FILTER_COPY.allTags}
          </button>
        )
      )}
    </div>
  );
}
