import { Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { FigureChart } from "~/components/ui/figure-chart";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { requireCapability } from "~/services/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { rollupRecent } from "~/models/rollup.server";
import { dayKey } from "~/lib/day-key";
import { analytics } from "~/models/analytics.server";
import { formatCount } from "~/spec/plain-text";

const COPY = { title: "Analytics", description: "The service's figures for the last 30 days, rolled up every hour." };
export const meta = pageMeta(COPY);

/** /mods/analytics (only ADMIN_USER_ID): the daily rollups (decision 022). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCapability(request, context, "viewAnalytics");
  const figures = await analytics(context.db);
  // Before the first hourly run (a new deployment, `npm start`): roll up now rather than show nothing.
  if (figures.days.at(-1) === dayKey(Date.now())) return figures;
  await rollupRecent(context.db);
  return await analytics(context.db);
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const refresh = useApi({ success: { title: "Figures updated" } });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <PageHeader title={COPY.title}>{COPY.description}</PageHeader>
      <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-400">
        <span suppressHydrationWarning>
          {data.updatedAt
            ? `Last rolled up ${new Date(data.updatedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.`
            : "Nothing rolled up yet."}
        </span>
        <button
          type="button"
          className={`${secondaryButtonClass} min-h-11`}
          disabled={refresh.busy}
          onClick={() => refresh.submit("/api/admin/analytics", "POST")}
        >
          Update now
        </button>
      </div>
      {data.tiers && (
        <section className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Users per tier">
          {(["FREE", "SILVER", "GOLD", "paying"] as const).map((k) => (
            <div key={k} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
              <p className="text-xs uppercase text-zinc-400">{k === "paying" ? "Paying users" : `${k} users`}</p>
              <p className="text-2xl font-bold text-white">{formatCount(data.tiers![k])}</p>
            </div>
          ))}
        </section>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {data.figures.map((f) => (
          <FigureChart key={f.key} label={f.label} points={f.points} />
        ))}
      </div>
      <section className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" aria-label="Top characters this week">
        <h2 className="mb-2 font-semibold text-white">Top characters by chats this week</h2>
        {data.topCharacters.length ? (
          <ol className="flex flex-col gap-1 text-sm">
            {data.topCharacters.map((c) => (
              <li key={c.id} className="flex justify-between gap-2">
                <Link to={`/characters/chat/${c.id}`} className="inline-flex min-h-11 items-center text-brand-300 underline">
                  {c.name}
                </Link>
                <span className="text-zinc-300">{formatCount(c.chats)} chats</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-zinc-400">No chats this week.</p>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
