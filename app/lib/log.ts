/**
 * Logging without what people wrote (decision 026): a database error's message carries the
 * statement's bound values (drizzle adds "params: …": emails, chat text, hashes), so only the error's
 * kind, its message up to those values, its cause the same way, and where it happened are logged.
 */
export function redacted(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === "string" ? withoutParams(error) : "(not an Error)";
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 6)
    .join("\n");
  const cause = error.cause !== undefined ? `\ncaused by ${redacted(error.cause)}` : "";
  return `${error.name}: ${withoutParams(error.message)}${frames ? `\n${frames}` : ""}${cause}`;
}

const withoutParams = (message: string) =>
  message.replace(/\n?params:[\s\S]*$/, "").replace(/(Failed query: [\s\S]*?)(\bvalues\s*\([\s\S]*)$/i, "$1values (…)");

/** Logs an error under a label, redacted. */
export function logError(label: string, error: unknown) {
  console.error(label, redacted(error));
}
