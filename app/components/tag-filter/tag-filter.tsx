import * as Popover from "@radix-ui/react-popover";
import { useEffect, useState } from "react";
import { TAG_FILTER_COPY } from "~/spec/pages";
import { GENDER_TAGS } from "~/spec/tags";
import { tagTone, WarningMark } from "../tag-style";
import { Chip } from "../ui/chips";
import { matches, TAG_GROUPS } from "./groups";
import { clearSavedGenderFilters, saveGenderFilters, useTagNavigation } from "./use-tag-navigation";

/**
 * 'Filter by Categories' (spec sections 2 and 4): search box with greyed-out non-matches, grouped
 * tags, content-warning badges, Apply Filters and Clear All, and the applied count in a badge.
 */
export function TagFilter({ applied }: { applied: string[] }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState(() => new Set(applied));
  const [search, setSearch] = useState("");
  const go = useTagNavigation();
  const appliedKey = applied.join("|");
  useEffect(() => setSelected(new Set(applied)), [appliedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  function toggle(tag: string) {
    if ((GENDER_TAGS as readonly string[]).includes(tag)) clearSavedGenderFilters();
    const next = new Set(selected);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    setSelected(next);
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-700 px-3 py-2 text-sm text-zinc-100 hover:bg-zinc-800">
        {TAG_FILTER_COPY.open}
        {applied.length > 0 && (
          <span data-testid="applied-count" className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {applied.length}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          data-testid="tag-filter"
          className="z-50 flex max-h-[70vh] w-[min(95vw,32rem)] flex-col rounded-xl border border-zinc-800 bg-zinc-950 p-4 shadow-2xl focus:outline-none"
        >
          <label className="flex flex-col gap-1 text-sm text-zinc-300">
            {TAG_FILTER_COPY.search}
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="rounded-md border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-zinc-100 focus:border-brand-500 focus:outline-none"
            />
          </label>
          <div className="mt-3 flex-1 space-y-4 overflow-y-auto pr-1">
            {TAG_GROUPS.map((group) => (
              <fieldset key={group.title}>
                <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-zinc-400">{group.title}</legend>
                <div className="flex flex-wrap gap-2">
                  {group.tags.map((tag) => {
                    const on = selected.has(tag);
                    const grayedOut = !matches(tag, search);
                    return (
                      <Chip key={tag} on={on} disabled={grayedOut} onClick={() => toggle(tag)} className={`disabled:opacity-30 ${tagTone(tag, on)}`}>
                        <WarningMark tag={tag} />
                        {tag}
                      </Chip>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          <div className="mt-4 flex justify-between gap-2 border-t border-zinc-800 pt-3">
            <button
              type="button"
              onClick={() => {
                setSelected(new Set());
                setOpen(false);
                clearSavedGenderFilters();
                go([]);
              }}
              className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-zinc-800"
            >
              {TAG_FILTER_COPY.clear}
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                saveGenderFilters([...selected]);
                go([...selected]);
              }}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {TAG_FILTER_COPY.apply}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
