/**
 * Voice calls' time (issue 63, decision 090), in the person's own object where each charge is
 * decided atomically (user-store/calls.ts).
 */
import { oneCall, userStore } from "./user-store.server";

export type CallOwner = { env: Pick<Env, "USER_STORE">; userId: string };

/** The owner's calls, through their object's typed door. */
export const callStore = (owner: CallOwner) => oneCall(userStore(owner.env, owner.userId).calls(owner.userId));
