import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CharacterForm } from "~/components/character-form/character-form";
import { PageHeader } from "~/components/page-header";
import { RouteError } from "~/components/route-error";
import { requireCharacterEditor } from "~/lib/auth/character-access.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { thumbnailUrl } from "~/lib/http/media.server";
import { getCharacterForEdit } from "~/models/character-write.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data?.character.name ?? "character"} | ${BRAND}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { id } = await requireCharacterEditor(context.db, user, params.id);
  const character = (await getCharacterForEdit(context.db, id))!;
  return { character, thumbnailUrl: character.thumbnail ? thumbnailUrl(character.thumbnail) : null };
}

export default function EditCharacter() {
  const { character: c, thumbnailUrl: thumb } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title={`Edit ${c.name}`} />
      <CharacterForm
        id={c.id}
        thumbnailUrl={thumb}
        initial={{
          name: c.name, description: c.description, persona: c.persona, greeting: c.greeting, alternateGreetings: c.alternateGreetings,
          scenario: c.scenario, exampleDialogue: c.exampleDialogue, authorNotes: c.authorNotes ?? "", imagePrompt: c.imagePrompt ?? "",
          negativePrompt: c.negativePrompt ?? "", imagePromptVisible: c.imagePromptVisible, tags: c.tags, contentTags: c.contentTags,
          voice: c.voice, defaultModel: c.defaultModel, isNsfwThumbnail: c.isNsfwThumbnail,
        }}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
