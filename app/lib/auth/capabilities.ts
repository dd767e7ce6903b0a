import type { MediaAccess } from "~/lib/http/media.server";
import type { MediaFile } from "~/lib/http/media-file";
import { MEMORY_PINS_BY_TIER } from "~/spec/limits";
import { GROUPS_BY_TIER } from "~/spec/groups";
import { CHAT_MODELS, DEFAULT_SETTINGS_MODEL, MODELS_BY_TIER, type ChatModelName } from "~/spec/models";

/** What a visitor may do (decision 012). Built once per request on the server and sent to the UI. */
export type Capabilities = {
  signedIn: boolean;
  /** Upvote, favourite, change settings, keep personas. */
  personalise: boolean;
  /** Load, create, rename and delete saved chats (GOLD, spec section 6). */
  savedChats: boolean;
  /** Edit and reset a character's persona for your own chats (subscribers, spec section 6). */
  editPersona: boolean;
  /** No message allowance (subscribers). */
  unlimitedMessages: boolean;
  /** Mod Central, every character's image prompt and visibility. */
  moderate: boolean;
  /** /mods/analytics: the one admin. */
  viewAnalytics: boolean;
  /** The one admin's powers over other accounts: deleting them, banning moderators. */
  administer: boolean;
  /** The 'Only for testers' custom system prompt: moderators and allow-listed ids. */
  customSystemPrompt: boolean;
  /** The allow-listed extra section. */
  allowListed: boolean;
  /** The chat models this account may use. */
  models: ChatModelName[];
  /** How many memories one chat keeps (issue 25, decision 044). */
  memoryPins: number;
  /** How many group chats the person keeps (decision 051). */
  groups: number;
};

export type CapabilityUser = { id: string; tier: keyof typeof MODELS_BY_TIER; isSubscriptionActive: boolean; isModerator: boolean; isBanned: boolean };
export type Roles = { adminUserId: string; allowlistUserIds: string[] };

const NOBODY: Capabilities = {
  signedIn: false,
  personalise: false,
  savedChats: false,
  editPersona: false,
  unlimitedMessages: false,
  moderate: false,
  viewAnalytics: false,
  administer: false,
  customSystemPrompt: false,
  allowListed: false,
  models: MODELS_BY_TIER.FREE,
  memoryPins: 0,
  groups: 0,
};

export function capabilitiesFor(user: CapabilityUser | null, roles: Roles): Capabilities {
  if (!user || user.isBanned) return NOBODY;
  // A paying subscriber: an active subscription or an active paid-user record (spec section 6; the session reads both).
  const subscriber = user.isSubscriptionActive;
  const allowListed = roles.allowlistUserIds.includes(user.id);
  const admin = !!roles.adminUserId && user.id === roles.adminUserId;
  return {
    signedIn: true,
    personalise: true,
    savedChats: user.tier === "GOLD",
    editPersona: subscriber,
    unlimitedMessages: subscriber,
    moderate: user.isModerator,
    viewAnalytics: admin,
    administer: admin,
    customSystemPrompt: user.isModerator || allowListed,
    allowListed,
    models: MODELS_BY_TIER[user.tier],
    memoryPins: MEMORY_PINS_BY_TIER[user.tier],
    groups: GROUPS_BY_TIER[user.tier],
  };
}

export const canUseModel = (can: Pick<Capabilities, "models">, model: string): model is ChatModelName => (can.models as string[]).includes(model);

/**
 * The model a chat runs on: the wanted one (the user's choice, else the character's default) when
 * this account may use it, else the settings default, else the first model it may use.
 */
export function usableModel(can: Pick<Capabilities, "models">, wanted: string | null | undefined): ChatModelName {
  if (wanted && canUseModel(can, wanted)) return wanted;
  return canUseModel(can, DEFAULT_SETTINGS_MODEL) ? DEFAULT_SETTINGS_MODEL : (can.models[0] ?? CHAT_MODELS[0].name);
}

type Owned = { userId: string | null; isPublic?: boolean; imagePromptVisible?: boolean };
type Viewer = { id: string; isModerator: boolean } | null | undefined;

/**
 * Object-level rules for characters: who sees, edits, and reads the hidden prompts. Only the owner
 * edits through the owner's endpoints; moderators act on others' characters through moderation
 * actions alone, each with its line in the moderation log (decision 026).
 */
export const isOwner = (viewer: Viewer, row: Owned) => !!viewer && row.userId === viewer.id;
export const canEditCharacter = (viewer: Viewer, row: Owned) => isOwner(viewer, row);
export const canViewCharacter = (viewer: Viewer, row: Owned) => !!row.isPublic || isOwner(viewer, row) || !!viewer?.isModerator;
/** The image and negative prompts: shown when the creator allows it, else to the creator and moderators. */
export const canSeeImagePrompt = (viewer: Viewer, row: Owned) => !!row.imagePromptVisible || isOwner(viewer, row) || !!viewer?.isModerator;

/** A picture's page: public once its owner shares it; until then only the owner sees it. */
export const canViewPicture = (viewer: Viewer, picture: { userId: string; isShared: boolean }) => picture.isShared || isOwner(viewer, picture);

/**
 * Who may fetch a file from R2, and so how long it may be cached (decision 026): announcement
 * pictures and a public character's files are public; a shared picture is public but never kept
 * stale; anything else only its owner (and moderators, for characters' files) fetches, uncached.
 */
export function mediaAccess(viewer: Viewer, file: MediaFile | null): MediaAccess {
  if (!file) return "denied";
  switch (file.kind) {
    case "announcement":
      return "public";
    case "picture":
      return file.shared ? "shared" : isOwner(viewer, file) ? "private" : "denied";
    case "speech":
      return isOwner(viewer, file) ? "private" : "denied";
    case "character":
      return file.isPublic ? "public" : isOwner(viewer, file) || viewer?.isModerator ? "private" : "denied";
  }
}
