/** A picture as the pages and the API show it. */
export type Picture = {
  id: string;
  url: string;
  prompt: string;
  negativePrompt: string | null;
  model: "realistic" | "anime";
  width: number;
  height: number;
  seed: number;
  isNsfw: boolean;
  isShared: boolean;
  messageId: string | null;
  createdAt: string;
};

/** What the chat needs of a picture: where it is, whose message it belongs to, and whether to blur it. */
export const chatPicture = (p: Picture) => ({
  id: p.id,
  url: p.url,
  messageId: p.messageId,
  isNsfw: p.isNsfw,
  width: p.width,
  height: p.height,
  prompt: p.prompt,
});
export type ChatPicture = ReturnType<typeof chatPicture>;

/**
 * The chat's pictures with those of earlier messages (loaded by scrolling up) put before them, each
 * once: the list stays oldest first, so the newest picture on screen is still the last (the mobile
 * "Background" view shows it).
 */
export const withEarlierPictures = (list: ChatPicture[], earlier: ChatPicture[]) => [...earlier.filter((p) => !list.some((q) => q.id === p.id)), ...list];
