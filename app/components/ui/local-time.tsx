import { useHydrated } from "~/hooks/use-hydrated";
import { formatMoment } from "~/lib/local-time";

/** A moment in the person's own locale and time zone; in UTC (and saying so) until the page runs in their browser. */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatMoment(iso, hydrated ? "browser" : "server")}</time>;
}
