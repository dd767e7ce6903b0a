import { type MetaFunction, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { PersonasPage } from "~/components/personas-page";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/auth/permissions.server";
import { listPersonas } from "~/models/persona.server";
import { pageTitle, PERSONAS_COPY } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(PERSONAS_COPY.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { personas: await listPersonas(context.db, user.id) };
}

export default function Personas() {
  const { personas } = useLoaderData<typeof loader>();
  return <PersonasPage personas={personas} />;
}

export const ErrorBoundary = RouteError;
