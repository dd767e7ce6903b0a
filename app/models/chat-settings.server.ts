/**
 * A user's settings for a character's chat: the model, the voice, their own persona (spec section 4).
 * They live in the user's own object (decision 029); callers do not need to know that.
 */
import type { SettingsChange } from "~/user-store/settings";
import { oneCall, userStore } from "./user-store.server";

export async function getChatSettings(env: Pick<Env, "USER_STORE">, userId: string, characterId: string) {
  return (await oneCall(userStore(env, userId).settings(userId)).get(characterId)) ?? undefined;
}
export type ChatSettings = NonNullable<Awaited<ReturnType<typeof getChatSettings>>>;

/** Saves some of the user's settings for a character (starting from `defaults`); the settings after. */
export async function saveChatSettings(env: Pick<Env, "USER_STORE">, userId: string, characterId: string, change: SettingsChange, defaults: { model: string }) {
  return await oneCall(userStore(env, userId).settings(userId)).save(characterId, change, defaults);
}
