import { secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { SCREEN_FIELDS, type ScreenField } from "~/lib/safety/fields";
import type { openScreenEvents, repeatedAttempts } from "~/models/screen-events.server";
import { SCREEN_QUEUE_COPY as COPY } from "~/spec/moderation";

type Item = Awaited<ReturnType<typeof openScreenEvents>>[number];
type Repeated = Awaited<ReturnType<typeof repeatedAttempts>>[number];

const actionButton = `${secondaryButtonClass} min-h-11`;
const fieldLabel = (field: string) => SCREEN_FIELDS[field as ScreenField]?.label ?? field;
const who = (row: { name: string | null; email: string | null; userId: string | null }) =>
  row.name || row.email || (row.userId ? "A deleted account" : "A model's reply");

/** Mod Central's safety queue (issue 59): what the gate refused, withheld or held, and the accounts it stopped again and again. */
export function ScreenQueue({ items, repeated }: { items: Item[]; repeated: Repeated[] }) {
  return (
    <div className="flex flex-col gap-6">
      {repeated.length > 0 && (
        <section className="rounded-xl border border-amber-800 bg-amber-950/40 p-4" aria-label={COPY.repeatedTitle}>
          <h2 className="mb-2 font-semibold text-amber-200">{COPY.repeatedTitle}</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {repeated.map((r) => (
              <li key={`${r.userId}:${r.day}`} className="flex justify-between gap-2 text-zinc-200">
                <span className="min-w-0 break-words">{who(r)}</span>
                <span className="shrink-0 text-amber-200">
                  {r.count} stopped · {r.day}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length ? (
        <ul className="flex flex-col gap-4" aria-label="Safety queue">
          {items.map((item) => (
            <ScreenCard key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className="text-zinc-400">{COPY.empty}</p>
      )}
    </div>
  );
}

function ScreenCard({ item }: { item: Item }) {
  const api = useApi({ success: { title: "Done" } });
  const decide = (decision: "approve" | "dismiss") => api.submit(`/api/mods/screen/${item.id}`, "POST", { decision });
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" data-testid="screen-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-white">{COPY.sources[item.source as keyof typeof COPY.sources] ?? item.source}</p>
          <p className="text-xs text-zinc-400">
            {fieldLabel(item.field)} · {who(item)} ·{" "}
            <time dateTime={new Date(item.createdAt).toISOString()} suppressHydrationWarning>
              {new Date(item.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
            </time>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-zinc-800 px-2 py-1 text-xs text-zinc-200">
          {item.hit ? `“${item.hit}”` : item.rule}
          {item.repeated && <span className="ml-2 rounded bg-amber-900 px-1.5 py-0.5 text-amber-100">{item.sameDay} today</span>}
        </span>
      </div>
      <blockquote className="line-clamp-6 whitespace-pre-wrap break-words border-l-2 border-zinc-700 pl-3 text-sm text-zinc-300">{item.text}</blockquote>
      <div className="flex flex-wrap items-center gap-2">
        {item.userId && item.source !== "withheld" && (
          <button type="button" className={actionButton} disabled={api.busy} onClick={() => decide("approve")} title={COPY.approveHelp}>
            {COPY.approve}
          </button>
        )}
        <button type="button" className={actionButton} disabled={api.busy} onClick={() => decide("dismiss")}>
          {COPY.dismiss}
        </button>
      </div>
    </li>
  );
}
