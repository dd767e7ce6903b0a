import type { AppLoadContext } from "react-router";
import { picturePreferences } from "~/models/preference.server";
import { isId } from "~/db/ids";
import { canViewPicture } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { readImageAllowance } from "~/models/allowance.server";
import { findPicturePage, listPictures } from "~/models/images.server";
import { DEFAULT_IMAGE_SIZE, IMAGE_LIMITS, IMAGE_MODELS, IMAGE_SIZES, type ImageModel } from "~/spec/images";
import { imageAllowanceFor } from "./request.server";

export type Prefill = {
  prompt: string;
  negativePrompt: string;
  model: ImageModel;
  width: number;
  height: number;
  seed: number | null;
  fromImage: string | null;
};

/**
 * What /images/playground shows: the form prefilled from the query (prompt, negativePrompt, model,
 * image: a picture of one's own or a shared one, with the prompt it was made from), the first page
 * of the gallery, what is left of the picture allowance and which backend paints.
 */
export async function loadPlayground(context: AppLoadContext, user: SessionUser, query: URLSearchParams) {
  const imageId = query.get("image");
  const allowanceConfig = imageAllowanceFor(context, user);
  const [source, gallery, prefs, allowance] = await Promise.all([
    isId(imageId) ? findPicturePage(context.db, imageId) : undefined,
    listPictures(context.db, user.id),
    picturePreferences(context.db, user.id),
    readImageAllowance({ env: context.env, userId: user.id }, allowanceConfig),
  ]);
  const from = source && canViewPicture(user, source) ? source : undefined;
  const size = from ? (IMAGE_SIZES.find((s) => s.width === from.width && s.height === from.height) ?? DEFAULT_IMAGE_SIZE) : DEFAULT_IMAGE_SIZE;
  const model = query.get("model");
  const prefill: Prefill = {
    prompt: (query.get("prompt") ?? from?.prompt ?? "").slice(0, IMAGE_LIMITS.promptMax),
    negativePrompt: (query.get("negativePrompt") ?? from?.negativePrompt ?? "").slice(0, IMAGE_LIMITS.negativePromptMax),
    model: IMAGE_MODELS.includes(model as ImageModel) ? (model as ImageModel) : (from?.model ?? (prefs?.style === "Realistic" ? "realistic" : "anime")),
    width: size.width,
    height: size.height,
    seed: from?.seed ?? null,
    fromImage: from ? from.id : null,
  };
  const images = context.config.images;
  return {
    prefill,
    source: from ? { id: from.id, url: from.url, isNsfw: from.isNsfw } : null,
    gallery,
    blurNsfw: prefs ? !prefs.show : false,
    allowance: { remaining: allowance.token, size: allowanceConfig.size, resetAt: allowance.resetAt.toISOString() },
    backend: { offline: images.provider === "offline" || !images.baseUrl, takesNegativePrompt: images.provider !== "openai" },
  };
}
export type PlaygroundData = Awaited<ReturnType<typeof loadPlayground>>;
