/** A person's settings for each character's chat (spec section 4): the model, the voice, their persona. */
import { eq, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { chatSettings, type ChatSettingsRow } from "./schema";

export type SettingsChange = Partial<Pick<ChatSettingsRow, "model" | "selectedVoice" | "persona" | "personaId">>;

export class SettingsTables {
  constructor(private readonly db: DrizzleSqliteDODatabase) {}

  get(characterId: string): ChatSettingsRow | null {
    return this.db.select().from(chatSettings).where(eq(chatSettings.characterId, characterId)).get() ?? null;
  }

  /** Saves some settings for a character (the row starts from `defaults`); the settings after. */
  save(characterId: string, change: SettingsChange, defaults: { model: string }) {
    return this.db
      .insert(chatSettings)
      .values({ characterId, model: defaults.model, ...change })
      .onConflictDoUpdate({ target: chatSettings.characterId, set: { ...change, updatedAt: sql`(unixepoch() * 1000)` } })
      .returning({ model: chatSettings.model, voice: chatSettings.selectedVoice, persona: chatSettings.persona, personaId: chatSettings.personaId })
      .get();
  }
}
