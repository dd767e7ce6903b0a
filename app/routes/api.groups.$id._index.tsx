import * as z from "zod";
import { isId } from "~/db/ids";
import { latestQuery } from "~/lib/chat/latest-query";
import { apiAction, apiLoader } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { plain, screened } from "~/lib/safety/form-rules";
import { deleteGroup, getGroup, groupMembers, groupOut, loadGroupPage, updateGroup } from "~/models/groups.server";
import { GROUP_LIMITS, GROUP_MESSAGES, GROUP_MODES } from "~/spec/groups";

/**
 * GET: a group of the person's with the latest messages of its conversation: `{ group, messages, earlier }`;
 * `?latest=N|all` says how many (the page's 60 by default), and `&before=<message id>` asks for the
 * ones above that message instead (decision 072).
 */
export const loader = apiLoader({ auth: "user", query: latestQuery }, async ({ context, user, params, query }) => {
  const page = isId(params.id) ? await loadGroupPage(context, user, params.id, query) : null;
  if (!page) throw notFound(GROUP_MESSAGES.notFound);
  return page;
});

const patchSchema = z.lazy(() =>
  z
    .object({
      name: screened("group.name", z.string().trim().min(1, GROUP_MESSAGES.nameTooLong).max(GROUP_LIMITS.nameMax, GROUP_MESSAGES.nameTooLong)).optional(),
      scenario: screened("group.scenario", z.string().trim().max(GROUP_LIMITS.scenarioMax, GROUP_MESSAGES.scenarioTooLong)).optional(),
      mode: z.enum(GROUP_MODES).optional(),
      /** The members, in order: the ones to keep and the ones to add, each muted or not. */
      members: z
        .array(z.object({ id: plain("id", z.string().max(64)), muted: z.boolean().optional() }))
        .min(GROUP_LIMITS.membersMin, GROUP_MESSAGES.pickMembers)
        .max(GROUP_LIMITS.membersMax, GROUP_MESSAGES.pickMembers)
        .refine((list) => new Set(list.map((m) => m.id)).size === list.length, GROUP_MESSAGES.pickMembers)
        .optional(),
    })
    .refine((b) => Object.values(b).some((v) => v !== undefined), "Say what to change: name, scenario, mode or members."),
);

/**
 * PATCH `{ name?, scenario?, mode?, members? }` changes the group (a member kept keeps its place in the
 * transcript; one added must be a character the person may see). DELETE removes it and its conversation.
 */
export const action = apiAction(
  { methods: ["PATCH", "DELETE"], auth: "user", schema: { PATCH: patchSchema } },
  async ({ context, request, user, params, body }) => {
    if (!isId(params.id)) throw notFound(GROUP_MESSAGES.notFound);
    const owner = { env: context.env, userId: user.id };
    if (request.method === "DELETE") {
      if (!(await deleteGroup(owner, params.id))) throw notFound(GROUP_MESSAGES.notFound);
      return { deleted: true };
    }
    const { members: wanted, ...rest } = body!;
    let members;
    if (wanted) {
      const group = await getGroup(owner, params.id);
      if (!group) throw notFound(GROUP_MESSAGES.notFound);
      // Members already in the group stay as the group keeps them (even if no longer available); new ones must be visible.
      const added = wanted.filter((w) => !group.members.some((m) => m.id === w.id)).map((w) => w.id);
      const found = added.length ? await groupMembers(context.db, user, added) : [];
      if (!found) throw badRequest(GROUP_MESSAGES.memberGone);
      members = wanted.map((w) => {
        const kept = group.members.find((m) => m.id === w.id);
        const fresh = found.find((f) => f.id === w.id);
        return { id: w.id, name: kept?.name ?? fresh!.name, thumbnail: kept?.thumbnail ?? fresh!.thumbnailUrl, muted: w.muted ?? kept?.muted ?? false };
      });
    }
    const updated = await updateGroup(owner, params.id, { ...rest, ...(members ? { members } : {}) });
    if (!updated) throw notFound(GROUP_MESSAGES.notFound);
    return { group: groupOut(updated) };
  },
);
