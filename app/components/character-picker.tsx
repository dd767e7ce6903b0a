import { useFetcher } from "react-router";
import { useEffect, useState } from "react";
import { inputClass } from "~/components/ui/field";

export type Candidate = { id: string; name: string; thumbnailUrl: string };

/**
 * Picking up to `max` characters (a story's cast, a group's members): the usual ones first, and past
 * them the whole catalogue, searched by name through the characters page's own loader.
 */
export function CharacterPicker<C extends Candidate>({
  id,
  legend,
  candidates,
  picked,
  onChange,
  max,
}: {
  id: string;
  legend: string;
  candidates: C[];
  picked: string[];
  onChange: (picked: string[], known: Candidate[]) => void;
  max: number;
}) {
  const [filter, setFilter] = useState("");
  const search = useFetcher<{ characters?: Candidate[] }>();
  const query = filter.trim();
  useEffect(() => {
    if (query.length < 2) return;
    const timer = setTimeout(() => search.load(`/characters?index&q=${encodeURIComponent(query)}`), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const [known, setKnown] = useState<Candidate[]>(candidates);
  useEffect(() => {
    const found = search.data?.characters ?? [];
    setKnown((now) => [...now, ...found.filter((f) => !now.some((k) => k.id === f.id)).map(({ id, name, thumbnailUrl }) => ({ id, name, thumbnailUrl }))]);
  }, [search.data]);

  const shown = known.filter((c) => picked.includes(c.id) || c.name.toLowerCase().includes(query.toLowerCase()));
  const toggle = (id: string) => onChange(picked.includes(id) ? picked.filter((p) => p !== id) : picked.length < max ? [...picked, id] : picked, known);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-zinc-200">{legend}</legend>
      <label htmlFor={`${id}-filter`} className="sr-only">
        Find a character
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        className={inputClass}
        placeholder="Find a character"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {query.length >= 2 && !shown.length && search.state === "idle" && <p className="text-sm text-zinc-400">No character by that name.</p>}
      <div className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
        {shown.map((c) => {
          const on = picked.includes(c.id);
          return (
            <button
              key={c.id}
              type="button"
              aria-pressed={on}
              disabled={!on && picked.length >= max}
              onClick={() => toggle(c.id)}
              className={`flex min-h-11 items-center gap-2 rounded-lg border p-2 text-left text-sm disabled:opacity-40 ${on ? "border-brand-500 bg-brand-600/20 text-white" : "border-zinc-700 text-zinc-200 hover:bg-zinc-800"}`}
            >
              <img src={c.thumbnailUrl} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
              <span className="truncate">{c.name}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
