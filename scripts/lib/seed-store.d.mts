import type { UserStore } from "../../app/objects/user-store.server";
import type { AllowanceKind, ChatRow, MessageRow, StoryMessageRow, StoryRow } from "../../app/user-store/schema";
import type { AllowanceState } from "../../app/user-store/allowances";

/** Rows a seed or a test fixture writes straight into a person's object. Times are epoch milliseconds or Dates. */
export type SeedRows = {
  chats?: (Omit<ChatRow, "number" | "createdAt" | "updatedAt"> & { createdAt: number | Date; updatedAt: number | Date })[];
  messages?: (Omit<MessageRow, "speakerId" | "createdAt" | "error" | "model" | "stopped" | "interrupted" | "memory"> & {
    createdAt: number | Date;
    error?: string | null;
    model?: string | null;
  })[];
  stories?: (Omit<StoryRow, "createdAt" | "updatedAt"> & { createdAt: number | Date; updatedAt: number | Date })[];
  storyTurns?: (Omit<StoryMessageRow, "createdAt"> & { createdAt: number | Date })[];
  /** What is left of an allowance and until when; an allowance the object already has is kept. */
  allowances?: { kind: AllowanceKind; token: number; resetAt: number | Date }[];
};
export type Seeded = { chats: number; messages: number; stories: number; storyTurns: number; newChats: string[] };

export function seedRows(store: UserStore, owner: string, rows: SeedRows): Promise<Seeded>;
export function putAllowance(store: UserStore, owner: string, kind: AllowanceKind, state: AllowanceState): Promise<void>;
export function withSeeding(store: typeof UserStore): typeof UserStore;
export const seedingWorker: string;
