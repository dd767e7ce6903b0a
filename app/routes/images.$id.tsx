import { type MetaFunction, Link, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { Wand2 } from "lucide-react";
import { SafePicture } from "~/components/images/safe-picture";
import { RouteError } from "~/components/route-error";
import { isId } from "~/db/ids";
import { canViewPicture } from "~/lib/auth/capabilities";
import { getViewer, refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { invariantResponse } from "~/lib/http/http.server";
import { findPicturePage } from "~/models/images.server";
import { IMAGE_MESSAGES, IMAGE_MODEL_LABELS, SHARE } from "~/spec/images";
import { pageTitle, PLAYGROUND_COPY as COPY } from "~/spec/pages";
import { SendToChat } from "~/components/images/send-to-chat";

/** Open Graph and Twitter tags, so a shared link previews with the picture. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle(IMAGE_MESSAGES.notFound) }];
  const { picture, origin } = data;
  const title = COPY.pageTitle(picture.authorName);
  const description = picture.prompt.slice(0, 200);
  const image = `${origin}${picture.url}`;
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: SHARE.title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(picture.width) },
    { property: "og:image:height", content: String(picture.height) },
    { property: "og:url", content: `${origin}/images/${picture.id}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
};

/** A picture's page: public once its owner shares it (the permission module decides), else only theirs. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  invariantResponse(isId(params.id), IMAGE_MESSAGES.notFound);
  const [{ user }, picture] = await Promise.all([getViewer(request, context), findPicturePage(context.db, params.id)]);
  refuseDeclinedGuest(request, user);
  invariantResponse(picture && canViewPicture(user, picture), IMAGE_MESSAGES.notFound);
  const { userId, ...shown } = picture;
  return { picture: shown, isOwner: user?.id === userId, origin: new URL(request.url).origin };
}

export default function PicturePage() {
  const { picture, isOwner } = useLoaderData<typeof loader>();
  const tryIt = `/images/playground?${new URLSearchParams({ prompt: picture.prompt, model: picture.model, ...(picture.negativePrompt ? { negativePrompt: picture.negativePrompt } : {}) })}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-white">{COPY.pageTitle(picture.authorName)}</h1>
      {isOwner && !picture.isShared && <p className="text-sm text-amber-300">{COPY.notSharedYet}</p>}
      {/* The picture at its own size (never stretched, never taller than the screen), its prompt beside it or just below. */}
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <SafePicture
          src={picture.url}
          alt={picture.prompt}
          blur={picture.isNsfw}
          width={picture.width}
          height={picture.height}
          frameClassName="inline-block max-w-full shrink-0 self-start rounded-xl"
          className="block h-auto max-h-[80dvh] w-auto max-w-full rounded-xl"
        />
        <div className="flex min-w-0 flex-col gap-3 md:max-w-sm" data-testid="picture-details">
          <p className="text-zinc-200">{picture.prompt}</p>
          <p className="text-xs text-zinc-400">
            {IMAGE_MODEL_LABELS[picture.model]} · {picture.width}×{picture.height}
          </p>
          <Link
            to={tryIt}
            className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Wand2 aria-hidden className="size-4" />
            {COPY.tryPrompt}
          </Link>
          {isOwner && (
            <SendToChat
              pictureId={picture.id}
              className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md border border-zinc-700 px-4 text-sm text-zinc-100 hover:bg-zinc-800"
            />
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
