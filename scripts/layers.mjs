// The folder import graph of app/ (issue 60; ARCHITECTURE.md, Layers): which folder imports which,
// and every pair of folders that import each other. A folder is app/<name>, or app/lib/<name> for
// the library's folders (app/lib's loose files are the folder "lib"). Prints the pairs with one file of
// each direction; fails when a pair is not in the known list (scripts/layers-known.json), so no new
// circle gets in while the old ones are taken apart, and says when a known one is gone.
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

const pairs = [];
for (const key of edges.keys()) {
  const [a, b] = key.split(" -> ");
  if (a < b && edges.has(`${b} -> ${a}`)) pairs.push({ pair: `${a} <-> ${b}`, there: edges.get(key), back: edges.get(`${b} -> ${a}`) });
}
pairs.sort((x, y) => x.pair.localeCompare(y.pair));

if (process.argv.includes("--graph")) for (const [key, example] of [...edges].sort()) console.log(`${key}    (${example})`);

const knownFile = path.join(root, "scripts/layers-known.json");
const known = new Set(existsSync(knownFile) ? JSON.parse(readFileSync(knownFile, "utf8")) : []);
console.log(`layers: ${edges.size} folder imports; ${pairs.length} pairs of folders import each other`);
for (const { pair, there, back } of pairs) console.log(`  ${known.has(pair) ? "known" : "NEW  "} ${pair}\n      ${there}\n      ${back}`);
const added = pairs.filter((p) => !known.has(p.pair));
const gone = [...known].filter((k) => !pairs.some((p) => p.pair === k));
if (gone.length) console.log(`layers: no longer a circle, take out of scripts/layers-known.json: ${gone.join(", ")}`);
if (added.length || gone.length) {
  console.error(`layers: ${added.length} new circle(s) between folders${gone.length ? `, ${gone.length} known one(s) gone` : ""}; see above`);
  process.exit(1);
}
