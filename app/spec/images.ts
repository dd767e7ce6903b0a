/** Pictures (spec sections 2, 3, 4 and 9): the two image models, sizes, and the words the UI uses. */
export const IMAGE_MODELS = ["realistic", "anime"] as const;
export type ImageModel = (typeof IMAGE_MODELS)[number];
export const IMAGE_MODEL_LABELS: Record<ImageModel, string> = { realistic: "Realistic", anime: "Anime" };

/** Sizes a person can pick; every backend takes multiples of 64 up to 1024. */
export const IMAGE_SIZES = [
  { label: "Square", width: 512, height: 512 },
  { label: "Portrait", width: 512, height: 768 },
  { label: "Landscape", width: 768, height: 512 },
] as const;
export const DEFAULT_IMAGE_SIZE = IMAGE_SIZES[1];

export const IMAGE_LIMITS = {
  promptMax: 1000,
  negativePromptMax: 1000,
  seedMax: 2 ** 31 - 1,
  pageSize: 24,
  /** Steps and guidance sent to Stable Diffusion backends. */
  steps: 28,
  cfgScale: 7,
  sampler: "DPM++ 2M",
} as const;

/** Added to every negative prompt (the chat's and the playground's). */
export const BASE_NEGATIVE_PROMPT = "lowres, bad anatomy, bad hands, extra fingers, blurry, watermark, text, signature, child, minor";

export const SHARE = {
  title: "Check out this image I created!",
} as const;

export const IMAGE_MESSAGES = {
  pickChat: "Pick the chat to send the picture to.",
  chatHasNoMessage: "That chat has no message yet. Say hello first, then send the picture.",
  emptyPrompt: "Describe the picture you want.",
  promptTooLong: `Keep the prompt under ${IMAGE_LIMITS.promptMax} characters.`,
  negativeTooLong: `Keep the negative prompt under ${IMAGE_LIMITS.negativePromptMax} characters.`,
  badModel: "Pick Realistic or Anime.",
  badSize: "Pick one of the sizes offered.",
  badSeed: "The seed must be a whole number from 0 to 2147483647.",
  notFound: "Picture not found",
  allowanceEmpty: (resetAt: string) => `You have made all your pictures for now. More at ${resetAt}.`,
  failed: "The picture could not be made.",
  serverAnswered: (status: number) => `The image server answered ${status}.`,
  serverBroken: "The image server sent something that is not a picture.",
  serverTimeout: "The image server took too long to answer.",
  serverUnreachable: "The image server could not be reached.",
  noScene: "There is nothing in this message to picture yet.",
  deleted: "Picture deleted",
  noNegativePrompt: "This image server does not take a negative prompt; it is left out.",
  offlineNotice: "Pictures come from the built-in demo painter: a scene drawn from the words of your prompt. It is not an image model.",
  offlineLink: "How the site's operator connects one",
  offlineHref: "/faq#for-operators-which-settings-connect-models-pictures-and-voices",
} as const;
