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
