/**
 * A value worked out at most once per `ttlMs` in each Worker instance (isolate), for figures that
 * may be a few minutes old (the home page's counts, the chip row's order) and cost a table scan or
 * dozens of index counts to find. Only a finished value is kept: a pending one belongs to the
 * request that started it, and a Worker must not hand it to another request.
 */
export function isolateMemo<T>(ttlMs: number) {
  let cached: { at: number; value: T } | null = null;
  return async (compute: () => Promise<T>) => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const value = await compute();
    cached = { at: Date.now(), value };
    return value;
  };
}
