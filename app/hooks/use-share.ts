import { shareLink } from "~/lib/browser/share";

/** Shares a page of this site through the one share flow (app/lib/share.ts). */
export function useShare() {
  return (path: string, title: string) => void shareLink(path, title);
}
