import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/lib/auth/session-user";
import { isId } from "~/db/ids";
import { badRequest, notFound } from "~/lib/http/http.server";
import { setFollow } from "~/models/follows.server";
import { findPublicProfile } from "~/models/profile.server";
import { FOLLOW_COPY } from "~/spec/follows";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** Follows or unfollows a creator with a public profile (not a banned one, not oneself). */
export async function followCreator(context: AppLoadContext, user: SessionUser, creatorId: string | undefined, on: boolean) {
  if (creatorId === user.id) throw badRequest(FOLLOW_COPY.notYourself);
  const creator = isId(creatorId) ? await findPublicProfile(context.db, creatorId) : null;
  if (!creator) throw notFound(ACCOUNT_MESSAGES.profileNotFound);
  return await setFollow(context.db, user.id, creator.id, on);
}
