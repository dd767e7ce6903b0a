import type { MetaFunction } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { CharacterForm } from "~/components/character-form/character-form";
import { EMPTY_DRAFT } from "~/lib/forms/character";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/auth/permissions.server";
import { CHARACTER_EDITOR_COPY as COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.createTitle) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function CreateCharacter() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title={COPY.createTitle}>{COPY.createIntro}</PageHeader>
      <CharacterForm initial={EMPTY_DRAFT} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
