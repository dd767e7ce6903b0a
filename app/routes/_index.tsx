import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { HomePage } from "~/components/home-page";
import { RouteError } from "~/components/route-error";
import { guestCacheHeaders } from "~/lib/http/guest-cache.server";
import { getSessionUser } from "~/services/auth/session.server";
import { refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { countPublic, listFeatured, listRising } from "~/models/catalog.server";
import { recentConversations } from "~/models/home.server";
import { recordShown } from "~/models/activity-events.server";
import { HOME_COPY } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: HOME_COPY.title }, { name: "description", content: HOME_COPY.description }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  refuseDeclinedGuest(request, user);
  const [featured, rising, counts, recent] = await Promise.all([
    listFeatured(context.db, user?.id ?? null, 8),
    // What people started chatting with in the last 24 hours (issue 64).
    listRising(context.db, user?.id ?? null, 8),
    countPublic(context.db),
    // A signed-in person's latest conversations come first (issue 61); a guest's page stays cacheable.
    user ? recentConversations(context.db, { env: context.env, userId: user.id }) : [],
  ]);
  const shown = [...new Set([...featured, ...rising].map((c) => c.id))];
  recordShown(context, shown);
  return { featured, rising, counts, recent };
}

export default function Home() {
  return <HomePage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;

export const headers = guestCacheHeaders;
