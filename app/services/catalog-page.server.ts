import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { listCatalog, SORTS, type Scope } from "~/models/catalog.server";
import { CHARACTER_TAG_NAMES, TAG_CHIP_ORDER } from "~/spec/tags";
import { refuseDeclinedGuest, requireUser } from "~/services/auth/permissions.server";
import { recentChatCharacters } from "~/models/chat.server";
import { getSessionUser } from "~/services/auth/session.server";
import { recordShown } from "~/models/activity-events.server";

const querySchema = z.lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
    sort: z.enum(SORTS).catch("popular"),
    q: z
      .string()
      .trim()
      .max(100)
      .catch("")
      .transform((v) => v.slice(0, 100)),
  }),
);

/** Reads the list's query (bad values fall back to defaults; unknown tags are ignored) and loads the page. */
/** How many of the characters a person chatted with lately "Recent" can list. */
const RECENT_LIMIT = 500;

export async function loadCatalog(
  request: Request,
  context: AppLoadContext,
  scope: Scope,
  extra: { profileUserId?: string; fixedTag?: string; signedIn?: boolean } = {},
) {
  const url = new URL(request.url);
  const params = querySchema.parse({
    page: url.searchParams.get("page") ?? 1,
    sort: url.searchParams.get("sort") ?? "popular",
    q: url.searchParams.get("q") ?? "",
  });
  // Unknown tags are ignored: the spec's list says which exist, no query needed.
  const known = [...new Set([...url.searchParams.getAll("tag"), ...(extra.fixedTag ? [extra.fixedTag] : [])])].filter((t) =>
    (CHARACTER_TAG_NAMES as readonly string[]).includes(t),
  );
  const user = extra.signedIn ? await requireUser(request, context) : await getSessionUser(request, context);
  refuseDeclinedGuest(request, user);
  // "Recent" lists the characters the viewer chatted with, which their own object knows.
  const recentIds = scope === "recent" && user ? await recentChatCharacters({ env: context.env, userId: user.id }, RECENT_LIMIT) : undefined;
  const list = await listCatalog(context.db, scope, { ...params, tagNames: known, viewerId: user?.id ?? null, profileUserId: extra.profileUserId, recentIds });
  // The cards shown count as impressions for their creators (issue 64), in the next events batch.
  recordShown(
    context,
    list.characters.map((c) => c.id),
  );
  return { ...list, sort: params.sort, q: params.q, tags: known, tagOrder: TAG_CHIP_ORDER };
}
