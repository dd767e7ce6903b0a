import { useHydrated } from "~/hooks/use-hydrated";
import { useRootData } from "~/hooks/use-root-data";
import type { CharacterCardData } from "~/models/catalog.server";
import { CharacterCard } from "./character-card";

/**
 * Cards the server renders for a signed-in person: more than any screen shows before scrolling. The
 * rest join once the page is interactive (decision 024). Guests' pages are cached, so they get all.
 */
export const SERVER_RENDERED_CARDS = 12;
/** Cards whose pictures load first: two rows on a phone, the first row on a desktop. */
const FIRST_CARDS = 4;

/**
 * `eager`: how many cards fetch their pictures at once, at high priority. Pages whose grid sits below
 * a phone's first screen (the home page's hero) pass 0, so the pictures do not compete with what is
 * painted first.
 */
export function CharacterGrid({ characters, testId, eager = FIRST_CARDS }: { characters: CharacterCardData[]; testId?: string; eager?: number }) {
  const { user } = useRootData();
  const hydrated = useHydrated();
  const shown = user && !hydrated ? characters.slice(0, SERVER_RENDERED_CARDS) : characters;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid={testId}>
      {shown.map((c, i) => (
        <CharacterCard key={c.id} character={c} first={i < eager} />
      ))}
    </div>
  );
}
