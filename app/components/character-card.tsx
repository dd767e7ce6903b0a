import { Link } from "react-router";
import { useState } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { useVotes } from "~/components/use-votes";
import { CARD_SIZES, resizedSrcSet } from "~/lib/images/responsive";
import type { CharacterCardData } from "~/models/catalog.server";
import { CharacterDetailsPanel } from "./character-details/details-panel";
import { tagPill } from "./tag-style";
import { CHARACTER_TAG_NAMES, tagSlug } from "~/spec/tags";
import { Icon } from "./icons";
import { VoteButton } from "./vote-button";

/**
 * React 18 passes `fetchpriority` through only in lower case (React 19 knows `fetchPriority`): the
 * first cards' pictures are the page's largest paint, so the browser fetches them first.
 */
const FIRST = { loading: "eager", fetchpriority: "high" } as unknown as { loading: "eager" };
const LATER = { loading: "lazy" } as const;

/**
 * A character card: thumbnail, name, author, tags, and the upvote and favourite toggles. A card in
 * the first row or two (`first`) loads its picture at once; the rest when they come near the screen.
 */
export function CharacterCard({ character, first = false }: { character: CharacterCardData; first?: boolean }) {
  const votes = useVotes(character.id, character);
  const [details, setDetails] = useState(false);
  const srcSet = useRootData().imageResizing ? resizedSrcSet(character.thumbnailUrl) : undefined;
  return (
    <article className="card" data-testid="character-card">
      <Link to={`/characters/chat/${character.id}`} className="card-link">
        <div className="card-thumb">
          <img
            src={character.thumbnailUrl}
            srcSet={srcSet}
            sizes={srcSet ? CARD_SIZES : undefined}
            alt=""
            {...(first ? FIRST : LATER)}
            width={384}
            height={384}
            className={character.blur ? "blur-xl" : undefined}
            data-blurred={character.blur || undefined}
          />
        </div>
        <div className="card-body">
          <h3>{character.name}</h3>
          <p className="card-author">{`by ${character.author}`}</p>
          <p className="card-description">{cardSummary(character.description)}</p>
        </div>
      </Link>
      <CardTags tags={character.tags.slice(0, 4)} />
      <div className="card-actions">
        <VoteButton votes={votes} kind="upvote" name={character.name} withCount />
        <VoteButton votes={votes} kind="favorite" name={character.name} withCount />
        <button type="button" onClick={() => setDetails(true)} className="vote-button ml-auto hover:text-white">
          <Icon name="details" className="size-4" />
          <span className="sr-only">Details for {character.name}</span>
        </button>
      </div>
      {details && <CharacterDetailsPanel characterId={character.id} name={character.name} open={details} onOpenChange={setDetails} />}
    </article>
  );
}

const TAGS_WITH_PAGES: ReadonlySet<string> = new Set(CHARACTER_TAG_NAMES);

/** What of a description a card has room for (two lines, clamped): the whole of it is in the details. */
const SUMMARY_MAX = 140;
export function cardSummary(description: string) {
  if (description.length <= SUMMARY_MAX) return description;
  const cut = description.slice(0, SUMMARY_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The card's first tags; each catalog tag opens its own page (`/characters/tags/:slug`). Kept lean: 24 cards a page. */
function CardTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="card-tags">
      {tags.map((t) => (
        <li key={t}>
          {TAGS_WITH_PAGES.has(t) ? (
            // Found on the page already (the catalog's routes are known), so no discovery mark is needed.
            <Link to={`/characters/tags/${tagSlug(t)}`} discover="none" className={tagPill(t)}>
              {t}
            </Link>
          ) : (
            <span className={tagPill(t)}>{t}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
