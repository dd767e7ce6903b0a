/**
 * The message and picture allowances (spec section 9; decisions 017 and 042). They live in the
 * user's own object, where each call is decided atomically; callers do not need to know that.
 */
import type { AllowanceConfig, Reservation } from "~/user-store/allowances";
import { oneCall, userStore } from "./user-store.server";

export type { AllowanceConfig };
/** Whose allowance: the user's id, and the bindings that reach their object. */
export type AllowanceOwner = { env: Pick<Env, "USER_STORE">; userId: string };
export type { Reservation };
export type Reserved = { ok: true; reservation: Reservation } | { ok: false; resetAt: Date };

/** The owner's allowances, inside their object (its typed door). */
const allowances = (owner: AllowanceOwner) => oneCall(userStore(owner.env, owner.userId).allowances(owner.userId));

/** The message allowance as it stands (the first read after its period refills it). */
export const readAllowance = (owner: AllowanceOwner, config: AllowanceConfig, now = Date.now()) => allowances(owner).read("message", config, now);

export const readImageAllowance = (owner: AllowanceOwner, config: AllowanceConfig, now = Date.now()) => allowances(owner).read("image", config, now);

async function reserve(owner: AllowanceOwner, kind: "message" | "image", config: AllowanceConfig, now: number): Promise<Reserved> {
  const taken = await allowances(owner).reserve(kind, config, now);
  return taken.ok ? { ok: true, reservation: { userId: owner.userId, resetAt: taken.resetAt } } : { ok: false, resetAt: taken.resetAt };
}

/** Takes one message from the allowance; `ok: false` carries when it refills. With 1 left, 20 parallel calls get exactly 1. */
export const reserveMessage = (owner: AllowanceOwner, config: AllowanceConfig, now = Date.now()) => reserve(owner, "message", config, now);
export const reserveImage = (owner: AllowanceOwner, config: AllowanceConfig, now = Date.now()) => reserve(owner, "image", config, now);

/** Gives a reservation back (a failed reply or picture), unless its period has ended since. */
export const refundMessage = (env: Pick<Env, "USER_STORE">, reservation: Reservation, config: Pick<AllowanceConfig, "size">) =>
  allowances({ env, userId: reservation.userId }).refund("message", reservation.resetAt, config.size);
export const refundImage = (env: Pick<Env, "USER_STORE">, reservation: Reservation, config: Pick<AllowanceConfig, "size">) =>
  allowances({ env, userId: reservation.userId }).refund("image", reservation.resetAt, config.size);
