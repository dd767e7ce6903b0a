/** Toggle chips for a list of names; `styles` colours a selected chip (content tags have their own). */
export function ChipPicker({
  label,
  all,
  selected,
  onChange,
  styles,
  max,
}: {
  label: string;
  all: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
  styles?: Record<string, string>;
  max?: number;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {[...all]
          .sort((a, b) => a.localeCompare(b))
          .map((name) => {
            const on = selected.includes(name);
            const full = !on && max !== undefined && selected.length >= max;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={on}
                disabled={full}
                onClick={() => onChange(on ? selected.filter((s) => s !== name) : [...selected, name])}
                className={`rounded-full border px-3 py-1 text-sm disabled:opacity-40 ${on ? (styles?.[name] ?? "border-brand-500 bg-brand-700/50 text-white") : "border-zinc-700 text-zinc-300 hover:border-zinc-500"}`}
              >
                {name}
              </button>
            );
          })}
      </div>
    </fieldset>
  );
}
