/** "n/max", amber above 90% and red above the limit (spec section 4). */
export function CharCounter({ value, max, id }: { value: string; max: number; id?: string }) {
  const n = value.length;
  const tone = n > max ? "text-red-400" : n > max * 0.9 ? "text-amber-300" : "text-zinc-400";
  return (
    <span id={id} className={`text-xs tabular-nums ${tone}`} aria-live="polite">
      {n}/{max}
    </span>
  );
}
