import { Loader2 } from "lucide-react";
import { useState } from "react";
import { SafePicture } from "~/components/images/safe-picture";
import { localized, toastText, type ApiError } from "~/hooks/use-api";
import { jsonHeaders } from "~/lib/browser/api-client";
import { toast } from "~/lib/toast";
import { withEarlierPictures, type ChatPicture } from "~/lib/picture";
import { IMAGE_MESSAGES } from "~/spec/images";
import { MESSAGES } from "~/spec/messages";
import { PLAYGROUND_COPY } from "~/spec/pages";

export type PictureView = { show: boolean; background: boolean; blurNsfw: boolean };

/** How pictures show, from the person's preferences (a chat's and a group's alike). */
export const pictureView = (prefs: { showImages: boolean; mobileImageView: string; showNsfwThumbnails: boolean }): PictureView => ({
  show: prefs.showImages,
  background: prefs.mobileImageView === "Background",
  blurNsfw: !prefs.showNsfwThumbnails,
});

/**
 * The pictures of one message, under it ("In Chat"). With the mobile "Background" view they show
 * under their message only from 768 px; on a phone the latest one is behind the chat instead.
 */
export function MessagePictures({ pictures, painting, view }: { pictures: ChatPicture[]; painting: boolean; view: PictureView }) {
  if (!view.show || (!pictures.length && !painting)) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${view.background ? "hidden md:flex" : ""}`} data-testid="message-pictures">
      {pictures.map((p) => (
        <a key={p.id} href={`/images/playground?image=${p.id}`} className="block w-48 overflow-hidden rounded-lg border border-zinc-800" title={p.prompt}>
          <SafePicture src={p.url} alt={p.prompt} blur={view.blurNsfw && p.isNsfw} width={p.width} height={p.height} className="h-auto w-full" />
        </a>
      ))}
      {painting && (
        <span
          className="flex h-32 w-48 animate-pulse items-center justify-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 text-sm text-zinc-400"
          data-testid="painting"
        >
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {PLAYGROUND_COPY.painting}
        </span>
      )}
    </div>
  );
}

/** On a phone with the "Background" view: the latest picture of the branch on screen, behind the chat. */
export function ChatBackground({ picture, view }: { picture: ChatPicture | undefined; view: PictureView }) {
  if (!view.show || !view.background || !picture || (view.blurNsfw && picture.isNsfw)) return null;
  return (
    <img
      src={picture.url}
      alt=""
      aria-hidden
      className="pointer-events-none absolute inset-0 -z-10 h-full w-full object-cover opacity-35 md:hidden"
      data-testid="chat-background"
    />
  );
}

/**
 * Making pictures in the chat (or a group; `addressOf` names a message's picture call): a request per message (the camera button or Auto Image Generation)
 * and the jobs being followed. A failure says why; it costs nothing. The request is a plain fetch,
 * not a React Router fetcher: nothing on the page needs reloading for it (the picture comes through its
 * job), and a fetcher's revalidation, interrupted by the chat's own, could leave the page waiting
 * for an answer that had already come.
 */
export function useChatPictures(addressOf: (messageId: string) => string, initial: ChatPicture[]) {
  const [pictures, setPictures] = useState(initial);
  const [jobs, setJobs] = useState<{ jobId: string; messageId: string }[]>([]);
  const [asking, setAsking] = useState<string[]>([]);
  const failed = (description?: string | null) =>
    toast({ title: IMAGE_MESSAGES.failed, description: description || MESSAGES.generic.somethingWentWrong, variant: "destructive" });
  return {
    pictures,
    jobs,
    painting: (messageId: string) => asking.includes(messageId) || jobs.some((j) => j.messageId === messageId),
    async make(messageId: string) {
      setAsking((list) => [...list, messageId]);
      try {
        const response = await fetch(addressOf(messageId), { method: "POST", headers: jsonHeaders(), body: "{}" });
        const answer = (await response.json().catch(() => null)) as { jobId?: string; error?: ApiError } | null;
        if (response.ok && answer?.jobId) setJobs((list) => [...list, { jobId: answer.jobId!, messageId }]);
        else failed(answer?.error && toastText(localized(answer.error)));
      } catch {
        failed();
      } finally {
        setAsking((list) => list.filter((id) => id !== messageId));
      }
    },
    /** Pictures read with earlier messages: each joins once, before the ones already here. */
    addEarlier(earlier: ChatPicture[]) {
      setPictures((list) => withEarlierPictures(list, earlier));
    },
    done(jobId: string, picture: ChatPicture | null, error?: string) {
      setJobs((list) => list.filter((j) => j.jobId !== jobId));
      if (picture) setPictures((list) => [...list, picture]);
      else failed(error);
    },
  };
}
