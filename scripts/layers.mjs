// The folder import graph of app/ (issue 60; ARCHITECTURE.md, Layers): which folder imports which,
// and every pair of folders that import each other. A folder is app/<name>, or app/lib/<name> for
// the library's folders (app/lib's loose files are the folder "lib"). Fails on an import that goes up
// the layers (LAYERS below) and on any circle between folders, naming a file of each.
// `node scripts/layers.mjs --graph` prints every edge too.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const app = path.join(root, "app");

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

/** The folder a file of app/ belongs to. */
function folderOf(file) {
  const parts = path.relative(app, file).split(path.sep);
  if (parts.length === 1) return "app";
  if (parts[0] === "lib") return parts.length === 2 ? "lib" : `lib/${parts[1]}`;
  return parts[0];
}

/** Resolves an import specifier to a file of app/, or null (a package). */
function resolve(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = path.join(app, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  base = base.replace(/\?.*$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return base.startsWith(app) ? base : null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** edges: "a -> b" to an example "file imports file". */
const edges = new Map();
for (const file of files(app)) {
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (!target || !target.startsWith(app)) continue;
    const [a, b] = [folderOf(file), folderOf(target)];
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    if (!edges.has(key)) edges.set(key, `${path.relative(root, file)} imports ${path.relative(root, target)}`);
  }
}

/**
 * The layers (ARCHITECTURE.md, Layers), lowest first: a folder imports only folders of its own layer
 * or below. Pure modules (app/lib and its folders, the spec, the content, the schema) are the floor;
 * then the object's tables and typed doors; the models; the jobs (enqueue and run); the services (one
 * use case each); the UI; what stands between a request and the rest; and the entries (routes, the
 * root, the Worker, the Durable Object).
 */
const LAYERS = [
  ["spec", "content", "db", "lib", "lib/*"],
  ["user-store"],
  ["models"],
  ["jobs"],
  ["services"],
  ["components", "hooks"],
  ["web"],
  ["routes", "app", "objects"],
];
function layerOf(folder) {
  const index = LAYERS.findIndex((names) => names.includes(folder) || (folder.startsWith("lib/") && names.includes("lib/*")));
  if (index < 0) throw new Error(`layers: the folder app/${folder} has no layer; add it to LAYERS in scripts/layers.mjs`);
  return index;
}

const upward = [...edges].filter(([key]) => {
  const [a, b] = key.split(" -> ");
  return layerOf(a) < layerOf(b);
});

/** Circles of any length between folders: the strongly connected components of more than one folder (Tarjan). */
function circles() {
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(" -> ");
    if (!next.has(a)) next.set(a, []);
    next.get(a).push(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do component.push((w = stack.pop()));
      while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

if (process.argv.includes("--graph")) for (const [key, example] of [...edges].sort()) console.log(`${key}    (${example})`);

const found = circles();
console.log(`layers: ${edges.size} folder imports; ${upward.length} against the layers; ${found.length} circles between folders`);
for (const [key, example] of upward) console.log(`  UPWARD ${key}\n      ${example}`);
for (const component of found) console.log(`  CIRCLE ${component.join(" -> ")}`);
if (upward.length || found.length) process.exit(1);
