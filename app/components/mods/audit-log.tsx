import type { AuditEntry } from "~/models/moderation.server";

const ACTION_WORDS: Record<string, string> = {
  "report.dismiss": "dismissed the reports of",
  "report.unpublish": "made private",
  "report.delete": "deleted",
  "report.nsfw": "marked the thumbnail NSFW of",
  "report.tags": "set the tags of",
  "report.lift": "lifted the takedown of",
  "user.delete": "deleted the account of",
  "user.ban": "banned",
  "user.unban": "unbanned",
  "announcement.create": "published the announcement",
  "announcement.edit": "edited the announcement",
  "announcement.delete": "deleted the announcement",
};

/** The moderation log, newest first: who did what to what, when and why. Read-only. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  if (!entries.length) return <p className="text-zinc-400">Nothing has been done yet.</p>;
  return (
    <ol className="flex flex-col divide-y divide-zinc-800 rounded-xl border border-zinc-800" aria-label="Moderation log">
      {entries.map((e) => (
        <li key={e.id} className="flex flex-col gap-0.5 p-3 text-sm" data-testid="audit-entry">
          <p className="text-zinc-200">
            <span className="font-medium text-white">{e.moderator}</span> {ACTION_WORDS[e.action] ?? e.action}{" "}
            <span className="font-medium text-white">{e.targetLabel}</span>
          </p>
          {e.reason && <p className="text-zinc-400">“{e.reason}”</p>}
          <time dateTime={e.createdAt} className="text-xs text-zinc-400" suppressHydrationWarning>
            {new Date(e.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
          </time>
        </li>
      ))}
    </ol>
  );
}
