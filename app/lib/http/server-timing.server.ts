/**
 * The Server-Timing header (decision 024): how long this request spent waiting on D1 (`db`, wall time
 * while at least one statement was in flight, with the number of round trips and how many of them
 * came one after another: a trip that starts while another is in flight costs no extra wait; issue
 * 28's budget is on that figure), rendering the page's
 * HTML shell (`render`) and in the Worker in all (`total`). On in development, and in production when
 * SERVER_TIMING is `on`. Workers' clocks only move on I/O in production, so there `render` reads 0 and
 * `total` is the time to the response's headers; the figures are exact under wrangler and Miniflare.
 */
export type Timing = {
  start: number;
  db: number;
  trips: number;
  /** Trips that started while none was in flight: the request's D1 waits one after another. */
  waits: number;
  inFlight: number;
  since: number;
  render: number | null;
};

export const startTiming = (): Timing => ({ start: performance.now(), db: 0, trips: 0, waits: 0, inFlight: 0, since: 0, render: null });

/** Counts one D1 round trip on `timing` while `work` is pending. */
function track<T>(timing: Timing, work: Promise<T>): Promise<T> {
  if (timing.inFlight++ === 0) {
    timing.since = performance.now();
    timing.waits++;
  }
  timing.trips++;
  const done = () => {
    if (--timing.inFlight === 0) timing.db += performance.now() - timing.since;
  };
  return work.finally(done);
}

/** A prepared statement whose results are timed; `bind` keeps the timing. */
class TimedStatement {
  constructor(
    readonly real: D1PreparedStatement,
    private readonly timing: Timing,
  ) {}
  bind(...values: unknown[]) {
    return new TimedStatement(this.real.bind(...values), this.timing);
  }
  first(column?: string) {
    return track(this.timing, column === undefined ? this.real.first() : this.real.first(column));
  }
  all() {
    return track(this.timing, this.real.all());
  }
  run() {
    return track(this.timing, this.real.run());
  }
  raw(options?: { columnNames?: boolean }) {
    return track(this.timing, this.real.raw(options as { columnNames: true }));
  }
}

const unwrap = (statement: D1PreparedStatement) => (statement instanceof TimedStatement ? statement.real : statement);

/** `d1` with every round trip (statements, batches, exec) counted on `timing`. */
export function timedD1(d1: D1Database, timing: Timing): D1Database {
  const timed = {
    prepare: (query: string) => new TimedStatement(d1.prepare(query), timing),
    batch: (statements: D1PreparedStatement[]) => track(timing, d1.batch(statements.map(unwrap))),
    exec: (query: string) => track(timing, d1.exec(query)),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  return timed as unknown as D1Database;
}

const ms = (value: number) => value.toFixed(1);

/** The header's value: `db;dur=…;desc="n round trips, w in sequence"`, `render;dur=…` when a page was rendered, `total;dur=…`. */
export function serverTimingValue(timing: Timing, extra: string[] = []) {
  const parts = [`db;dur=${ms(timing.db)};desc="${timing.trips} round trip${timing.trips === 1 ? "" : "s"}, ${timing.waits} in sequence"`];
  if (timing.render !== null) parts.push(`render;dur=${ms(timing.render)}`);
  parts.push(...extra, `total;dur=${ms(performance.now() - timing.start)}`);
  return parts.join(", ");
}
