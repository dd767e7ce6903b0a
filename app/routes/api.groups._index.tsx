import * as z from "zod";
import { apiAction, apiLoader } from "~/web/api.server";
import { badRequest, jsonError } from "~/lib/http/http.server";
import { plain, screened } from "~/lib/safety/form-rules";
import { createGroup, groupMembers, groupOut, listGroups } from "~/models/groups.server";
import { GROUP_LIMITS, GROUP_MESSAGES } from "~/spec/groups";

/** GET: the person's groups, the latest talked in first: `{ groups: [{ id, name, mode, members, lastLine, lastSpeakerId, updatedAt }] }`. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => ({
  groups: (await listGroups({ env: context.env, userId: user.id })).map((g) => ({
    ...groupOut({ ...g, scenario: "" }),
    lastLine: g.lastLine,
    lastSpeakerId: g.lastSpeakerId,
  })),
}));

export const createSchema = z.lazy(() =>
  z.object({
    characterIds: z
      .array(plain("id", z.string().max(64)))
      .min(GROUP_LIMITS.membersMin, GROUP_MESSAGES.pickMembers)
      .max(GROUP_LIMITS.membersMax, GROUP_MESSAGES.pickMembers)
      .refine((ids) => new Set(ids).size === ids.length, GROUP_MESSAGES.pickMembers),
    name: screened("group.name", z.string().trim().max(GROUP_LIMITS.nameMax, GROUP_MESSAGES.nameTooLong)).nullable().optional(),
    scenario: screened("group.scenario", z.string().trim().max(GROUP_LIMITS.scenarioMax, GROUP_MESSAGES.scenarioTooLong)).nullable().optional(),
  }),
);

/**
 * POST `{ characterIds, name?, scenario? }`: a new group of 2 to 5 characters the person may see →
 * 201 `{ id }`. 400 when one is not available; 409 when they keep as many groups as their plan allows
 * (decided in their object, so parallel calls never pass the limit).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: createSchema }, async ({ context, user, can, body }) => {
  const members = await groupMembers(context.db, user, body.characterIds);
  if (!members) throw badRequest(GROUP_MESSAGES.memberGone);
  const made = await createGroup({ env: context.env, userId: user.id }, can, {
    members: members.map((m) => ({ id: m.id, name: m.name, thumbnail: m.thumbnailUrl, greeting: m.greeting })),
    name: body.name,
    scenario: body.scenario,
  });
  if ("limit" in made) throw jsonError(409, GROUP_MESSAGES.limitReached(made.limit), { code: "group_limit" });
  return Response.json({ id: made.id }, { status: 201 });
});
