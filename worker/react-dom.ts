/**
 * What the Worker's bundle gives for `react-dom` (wrangler.toml's alias; decision 058).
 *
 * On the server nothing of react-dom's browser renderer runs: Radix mounts its portals only after
 * hydration, and `flushSync` is called from event handlers and layout effects, which a server render
 * never runs. Without this alias the Worker would carry the browser renderer (135 KB) and evaluate it
 * on every cold start, only because those libraries import it.
 */
export function flushSync<T>(update: () => T): T {
  return update();
}

export function createPortal(): never {
  throw new Error("react-dom's createPortal runs only in the browser; the Worker renders on the server.");
}

export default { flushSync, createPortal };
