import { formatCount } from "~/spec/plain-text";

/**
 * A figure's days as bars (SVG, drawn on the server), with the same numbers in a table beside it for
 * screen readers and for reading exact values. `headline` is the big number (the latest day's by
 * default); `note` says what it is or how it changed.
 */
export function FigureChart({
  label,
  points,
  headline,
  note,
}: {
  label: string;
  points: { day: string; value: number | null }[];
  headline?: string;
  note?: string;
}) {
  const max = Math.max(1, ...points.map((p) => p.value ?? 0));
  const width = 300;
  const height = 90;
  const bar = width / Math.max(points.length, 1);
  const latest = points.at(-1)?.value ?? 0;
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" aria-label={label} data-testid="figure">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold text-white">{label}</h2>
        <span className="text-2xl font-bold text-white" data-testid="figure-latest">
          {headline ?? formatCount(latest)}
        </span>
      </div>
      {note && (
        <p className="-mt-2 text-xs text-zinc-400" data-testid="figure-note">
          {note}
        </p>
      )}
      <div className="flex flex-col gap-3 md:flex-row">
        <svg viewBox={`0 0 ${width} ${height}`} className="h-24 w-full md:w-2/3" role="img" aria-label={`${label}, last ${points.length} days`}>
          {points.map((p, i) => {
            if (p.value === null) return null;
            const h = Math.max(p.value > 0 ? 2 : 0, (p.value / max) * (height - 4));
            return (
              <rect key={p.day} x={i * bar + 1} y={height - h} width={Math.max(bar - 2, 1)} height={h} rx={1} className="fill-brand-500">
                <title>{`${p.day}: ${p.value}`}</title>
              </rect>
            );
          })}
          <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-zinc-700" />
        </svg>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the table scrolls, so the keyboard must reach it (axe: scrollable-region-focusable) */}
        <div className="max-h-28 overflow-y-auto md:w-1/3" tabIndex={0} role="region" aria-label={`${label}, by day`}>
          <table className="w-full text-left text-xs text-zinc-300">
            <caption className="sr-only">{label} by day</caption>
            <thead>
              <tr className="text-zinc-400">
                <th scope="col" className="py-0.5 font-normal">
                  Day
                </th>
                <th scope="col" className="py-0.5 text-right font-normal">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {[...points].reverse().map((p) => (
                <tr key={p.day}>
                  <td className="py-0.5">{p.day}</td>
                  <td className="py-0.5 text-right">{p.value === null ? "–" : formatCount(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
