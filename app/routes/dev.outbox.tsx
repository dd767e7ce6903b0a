import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { invariantResponse } from "~/lib/http/http.server";
import { isDevOutboxOpen, listDevMails } from "~/models/dev-outbox.server";
import { API_MESSAGES } from "~/spec/messages";
import { DEV_OUTBOX_COPY as COPY } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: COPY.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  invariantResponse(isDevOutboxOpen(request, context.config), API_MESSAGES.notFound);
  return { messages: (await listDevMails(context.db)).reverse() };
}

/** Development only: every mail the app would have sent. */
export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title={COPY.title}>{COPY.intro}</PageHeader>
      {messages.length === 0 && <p className="mt-6 text-zinc-400">{COPY.empty}</p>}
      <ul className="mt-6 flex flex-col gap-4">
        {messages.map((m, i) => (
          <li key={i} className="rounded-lg border border-zinc-800 bg-zinc-900 p-4">
            <p className="text-xs text-zinc-400">
              {new Date(m.createdAt).toLocaleString()}
              {COPY.sentTo}
              {m.to}
            </p>
            <h2 className="mt-1 font-semibold text-white">{m.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-zinc-300">{m.text}</pre>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = RouteError;
