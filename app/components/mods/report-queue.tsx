import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import type { QueueItem } from "~/models/moderation.server";
import { APPEAL_REASON, MOD_CENTRAL_COPY, REPORT_REASONS, RESOLVE_ACTIONS, type ReportReason, type ResolveAction } from "~/spec/moderation";
import { ReasonDialog } from "./reason-dialog";
import { TagsDialog } from "./tags-dialog";

const actionButton = `${secondaryButtonClass} min-h-11`;

/** The open reports, one card per object, with what a moderator can do about it. */
export function ReportQueue({ items }: { items: QueueItem[] }) {
  if (!items.length) return <p className="text-zinc-400">{MOD_CENTRAL_COPY.emptyQueue}</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label="Open reports">
      {items.map((item) => (
        <QueueCard key={`${item.targetType}:${item.targetId}`} item={item} />
      ))}
    </ul>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const api = useApi({ success: { title: "Done" } });
  const [deleting, setDeleting] = useState(false);
  const [banning, setBanning] = useState(false);
  const [tagging, setTagging] = useState(false);
  const c = item.character;
  const resolve = (action: ResolveAction, extra: Record<string, unknown> = {}) =>
    api.submit(`/api/mods/reports/${item.id}/resolve`, "POST", { action, ...extra });
  const actions: ResolveAction[] =
    item.targetType !== "character" ? ["dismiss", "delete"] : ["dismiss", "unpublish", "nsfw", "delete", ...(c?.lock ? (["lift"] as const) : [])];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" data-testid="report-card">
      <div className="flex items-start gap-3">
        {c && <img src={c.thumbnailUrl} alt="" className="h-16 w-16 shrink-0 rounded-lg object-cover" />}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-white">
            {item.targetType === "message"
              ? `A message from ${c?.name ?? "a character"}`
              : item.targetType === "review"
                ? `A review of ${c?.name ?? "a character"}`
                : (c?.name ?? "A deleted character")}
          </p>
          {c && (
            <p className="text-xs text-zinc-400">
              by {c.authorName || c.authorEmail || "an unknown author"}
              {c.authorBanned && <span className="ml-2 rounded bg-red-900 px-1.5 py-0.5 text-red-100">{MOD_CENTRAL_COPY.banned}</span>} ·{" "}
              {c.isPublic ? "Public" : "Private"}
              {c.isNsfwThumbnail && " · NSFW thumbnail"}
            </p>
          )}
          {c && c.tags.length > 0 && <p className="mt-1 text-xs text-zinc-400">{c.tags.join(", ")}</p>}
        </div>
        <span className="shrink-0 rounded-full bg-zinc-800 px-2 py-1 text-xs text-zinc-200" aria-label={`${item.count} reports`}>
          {item.flagged ? "Safety check · " : item.appeal ? "Appeal · " : ""}
          {item.count} {item.count === 1 ? "report" : "reports"}
        </span>
      </div>
      {item.message ? (
        <blockquote className="line-clamp-4 border-l-2 border-zinc-700 pl-3 text-sm text-zinc-300">{item.message.content}</blockquote>
      ) : (
        c && (
          <details className="text-sm text-zinc-300">
            <summary className="min-h-11 cursor-pointer py-2 text-zinc-400">Persona and greeting</summary>
            <p className="whitespace-pre-wrap">{c.persona}</p>
            <p className="mt-2 whitespace-pre-wrap text-zinc-400">{c.greeting}</p>
          </details>
        )
      )}
      <ul className="flex flex-col gap-1 text-sm">
        {item.reasons.map((r, i) => (
          <li key={i} className="text-zinc-300">
            <span className="font-medium text-amber-300">{r.reason === "appeal" ? APPEAL_REASON : (REPORT_REASONS[r.reason as ReportReason] ?? r.reason)}</span>
            {r.note && <span className="text-zinc-400"> · {r.note}</span>}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) =>
          action === "delete" ? (
            <button key={action} type="button" className={`${actionButton} border-red-800 text-red-300`} disabled={api.busy} onClick={() => setDeleting(true)}>
              {RESOLVE_ACTIONS.delete}
            </button>
          ) : (
            <button key={action} type="button" className={actionButton} disabled={api.busy} onClick={() => resolve(action)}>
              {RESOLVE_ACTIONS[action]}
            </button>
          ),
        )}
        {c && item.targetType === "character" && (
          <button type="button" className={actionButton} disabled={api.busy} onClick={() => setTagging(true)}>
            {MOD_CENTRAL_COPY.editTags}
          </button>
        )}
        {c?.authorId && !c.authorBanned && (
          <button type="button" className={`${actionButton} border-red-800 text-red-300`} disabled={api.busy} onClick={() => setBanning(true)}>
            {MOD_CENTRAL_COPY.banAuthor}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={RESOLVE_ACTIONS.delete}
        description={
          item.targetType === "message"
            ? "Delete this message?"
            : item.targetType === "review"
              ? "Delete this review?"
              : `Delete ${c?.name ?? "this character"} and all its chats?`
        }
        confirmLabel={RESOLVE_ACTIONS.delete}
        onConfirm={() => resolve("delete")}
      />
      {c && (
        <TagsDialog
          open={tagging}
          onOpenChange={setTagging}
          title={`${MOD_CENTRAL_COPY.editTags}: ${c.name}`}
          initial={{ tags: c.tags, contentTags: c.contentTags }}
          onConfirm={(picked, note) => resolve("tags", { ...picked, note })}
        />
      )}
      <ReasonDialog
        open={banning}
        onOpenChange={setBanning}
        title={`${MOD_CENTRAL_COPY.ban} ${c?.authorName || c?.authorEmail || ""}`}
        confirmLabel={MOD_CENTRAL_COPY.ban}
        required
        onConfirm={(reason) => c?.authorId && api.submit(`/api/mods/users/${c.authorId}/ban`, "POST", { reason })}
      />
    </li>
  );
}
