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
  level = 2,
}: {
  label: string;
  points: { day: string; value: number | null }[];
  headline?: string;
  note?: string;
  /** The title's heading level, under the page's own headings. */
  level?: 2 | 3;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  const max = Math.max(1, ...points.map((p) => p.value ?? 0));
  const width = 300;
  const height = 90;
  const bar = width / Math.max(points.length, 1);
  const latest = points.at(-1)?.value ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  const bars = points
    .map((p, i) => {
      if (!p.value) return "";
      const h = round(Math.max(2, (p.value / max) * (height - 4)));
      return `M${round(i * bar + 1)} ${height}v-${h}h${round(Math.max(bar - 2, 1))}v${h}z`;
    })
    .join("");
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" aria-label={label} data-testid="figure">
      <div className="flex items-baseline justify-between gap-2">
        <Heading className="font-semibold text-white">{label}</Heading>
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
        {/* The bars are one path: a 90-day chart is one element, not 90 (the table beside it has each day's number). */}
        <svg viewBox={`0 0 ${width} ${height}`} className="h-24 w-full md:w-2/3" role="img" aria-label={`${label}, last ${points.length} days`}>
          <path d={bars} className="fill-brand-500" />
          <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-zinc-700" />
        </svg>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the table scrolls, so the keyboard must reach it (axe: scrollable-region-focusable) */}
        <div className="max-h-28 overflow-y-auto md:w-1/3" tabIndex={0} role="region" aria-label={`${label}, by day`}>
          {/* Cells are styled from the table, not one by one: 90 days of ten figures stay small. */}
          <table className="w-full text-left text-xs text-zinc-300 [&_td:last-child]:text-right [&_td]:py-0.5">
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
                  <td>{p.day}</td>
                  <td>{p.value === null ? "–" : formatCount(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
