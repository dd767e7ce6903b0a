import { useLoaderData, useLocation } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { Playground } from "~/components/images/playground";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/auth/permissions.server";
import { loadPlayground } from "~/services/images/playground.server";
import { pageMeta } from "~/lib/http/page-meta";
import { PLAYGROUND_COPY } from "~/spec/pages";

export const meta = pageMeta(PLAYGROUND_COPY);

/** The image playground (spec section 1): signed-in users make pictures and keep a gallery. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return await loadPlayground(context, user, new URL(request.url).searchParams);
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  // A new query ("make more like this") fills the form again.
  return <Playground key={useLocation().search} {...data} />;
}

export const ErrorBoundary = RouteError;
