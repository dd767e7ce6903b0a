import type { CharacterCardData } from "~/models/catalog.server";
import { CharacterCard } from "./character-card";

export function CharacterGrid({ characters, testId }: { characters: CharacterCardData[]; testId?: string }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid={testId}>
      {characters.map((c) => (
        <CharacterCard key={c.id} character={c} />
      ))}
    </div>
  );
}
