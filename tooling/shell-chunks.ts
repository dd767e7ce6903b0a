import type { Rollup } from "vite";

type ManualChunkMeta = Rollup.ManualChunkMeta;

/** The browser's two starting points: the client entry and the root route's module. */
const isStart = (id: string) => /\/app\/entry\.client\.tsx$/.test(id) || /\/app\/root\.tsx\?__react-router-build-client-route$/.test(id);

/** Our own files; packages and the bundler's helpers (`\0commonjsHelpers.js`, which packages import) are not. */
const ourCode = (id: string) => id.includes("/app/") && !id.includes("/node_modules/") && !id.startsWith("\0");

/**
 * Rollup's `manualChunks` for the browser build: every module the client entry and the root route
 * import statically goes into one of two chunks, `framework` (packages) and `shell` (our code).
 *
 * Every page loads all of them, but Rollup does not know that: it splits them by which routes also
 * import each one, so the root alone preloaded 18 files, several named after routes the page is not
 * on (decision 099). Grouped, a page preloads those two files plus its own route's chunks, and no byte
 * more, since the root needed every one of them anyway. Lazily loaded modules (decision 074) stay
 * out unless the root imports them statically.
 */
export function shellChunks() {
  let shell: Set<string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    shell ??= staticClosure(meta);
    // The two starting points stay files of their own: the entry hydrates the page when it runs.
    if (!shell.has(id) || isStart(id)) return undefined;
    return ourCode(id) ? "shell" : "framework";
  };
}

function staticClosure(meta: ManualChunkMeta): Set<string> {
  const starts = [...meta.getModuleIds()].filter(isStart);
  if (starts.length !== 2) throw new Error(`shellChunks: expected the client entry and the root route, found ${starts.join(", ") || "neither"}`);
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
