// Statements for the seed as plain { sql, params }, run as SQL text through D1's exec().
//
// Why: through wrangler's platform proxy, every `db.prepare()` and `.bind()` is a synchronous round
// trip to workerd. The seed built thousands of statements that way, and on a slow machine one of
// those round trips regularly met a closed connection ("fetch failed: other side closed"), which
// killed the seed and with it the browser tests' server. Built here, they cost nothing; exec() then
// sends a few hundred at a time in one asynchronous call.

/** Stands in for a D1 database when statements are built: `prepare(sql).bind(...params)` gives `{ sql, params }`. */
export const plainStatements = {
  prepare: (sql) => ({ sql, params: [], bind: (...params) => ({ sql, params }) }),
};

/** A value as an SQLite literal, on one line (a line break becomes char(10), since exec() reads one statement a line). */
function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number" || typeof value === "bigint") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`Cannot write ${value} into SQL`);
    return String(value);
  }
  const text = `'${String(value).replace(/'/g, "''")}'`;
  return text.replace(/\r\n|\n|\r/g, (br) => `' || ${br === "\r" ? "char(13)" : "char(10)"} || '`);
}

/**
 * The statement as one line of SQL with its parameters written in: `?` takes the next one and `?N`
 * the Nth, as SQLite numbers them; text inside quotes is left alone.
 */
export function inlineSql({ sql, params }) {
  let out = "";
  let next = 0;
  let quoted = false;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") quoted = !quoted;
    if (quoted || c !== "?") {
      out += quoted || (c !== "\n" && c !== "\r") ? c : " ";
      continue;
    }
    const digits = sql.slice(i + 1).match(/^\d+/)?.[0];
    const index = digits ? Number(digits) - 1 : next;
    if (index >= params.length) throw new Error(`Missing parameter ${index + 1} in: ${sql}`);
    out += literal(params[index]);
    next = Math.max(next, index + 1);
    i += digits?.length ?? 0;
  }
  return out.trim().replace(/;$/, "");
}

/** Runs statements built with `plainStatements` on a real D1 database, `chunk` at a time, in order. */
export async function runStatements(db, statements, chunk = 200) {
  for (let i = 0; i < statements.length; i += chunk)
    await db.exec(
      statements
        .slice(i, i + chunk)
        .map(inlineSql)
        .join("\n"),
    );
}
