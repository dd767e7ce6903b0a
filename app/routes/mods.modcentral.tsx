import * as Tabs from "@radix-ui/react-tabs";
import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { AuditLog } from "~/components/mods/audit-log";
import { ReportQueue } from "~/components/mods/report-queue";
import { ScreenQueue } from "~/components/mods/screen-queue";
import { UsersPanel } from "~/components/mods/users-panel";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { TabBar } from "~/components/ui/tab-bar";
import { requireCapability } from "~/services/auth/permissions.server";
import { pageMeta } from "~/lib/http/page-meta";
import { auditLog, reportQueue } from "~/models/moderation.server";
import { openScreenEvents, repeatedAttempts } from "~/models/screen-events.server";
import { MOD_CENTRAL_COPY, SCREEN_QUEUE_COPY } from "~/spec/moderation";

export const meta = pageMeta(MOD_CENTRAL_COPY);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Mod Central (moderators only, checked here and by every call it makes): the reports, the safety gate's queue, users and the log. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCapability(request, context, "moderate");
  const [queue, audit, screened, repeated] = await Promise.all([
    reportQueue(context.db),
    auditLog(context.db),
    openScreenEvents(context.db),
    repeatedAttempts(context.db, Date.now() - DAY_MS),
  ]);
  return { queue, audit: audit.entries, screened, repeated };
}

export default function Page() {
  const { queue, audit, screened, repeated } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageHeader title={MOD_CENTRAL_COPY.title}>{MOD_CENTRAL_COPY.description}</PageHeader>
      <Tabs.Root defaultValue="queue" className="flex flex-col gap-4">
        <TabBar
          label={MOD_CENTRAL_COPY.title}
          tabs={[
            { value: "queue", label: `${MOD_CENTRAL_COPY.queue} (${queue.length})` },
            { value: "safety", label: `${SCREEN_QUEUE_COPY.tab} (${screened.length})` },
            { value: "users", label: MOD_CENTRAL_COPY.users },
            { value: "audit", label: MOD_CENTRAL_COPY.audit },
          ]}
        />
        <Tabs.Content value="queue">
          <ReportQueue items={queue} />
        </Tabs.Content>
        <Tabs.Content value="safety">
          <ScreenQueue items={screened} repeated={repeated} />
        </Tabs.Content>
        <Tabs.Content value="users">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditLog entries={audit} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

export const ErrorBoundary = RouteError;
