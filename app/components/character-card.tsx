import { Link } from "@remix-run/react";
import { useState } from "react";
import { useVotes } from "~/hooks/use-votes";
import type { CharacterCardData } from "~/models/catalog.server";
import { CharacterDetailsPanel } from "./character-details/details-panel";
import { tagPill } from "./tag-style";
import { VoteButton } from "./vote-button";

/** A character card: thumbnail, name, author, tags, and the upvote and favourite toggles. */
export function CharacterCard({ character }: { character: CharacterCardData }) {
  const votes = useVotes(character.id, character);
  const [details, setDetails] = useState(false);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 transition hover:border-brand-600"
      data-testid="character-card"
    >
      <Link to={`/characters/chat/${character.id}`} className="flex flex-1 flex-col">
        <div className="relative aspect-square overflow-hidden bg-zinc-800">
          <img
            src={character.thumbnailUrl}
            alt=""
            loading="lazy"
            width={384}
            height={384}
            className={`h-full w-full object-cover transition group-hover:scale-105 ${character.blur ? "blur-xl" : ""}`}
            data-blurred={character.blur || undefined}
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 pb-1">
          <h3 className="line-clamp-2 font-semibold leading-snug text-white">{character.name}</h3>
          <p className="truncate text-xs text-zinc-400">by {character.author}</p>
          <p className="line-clamp-2 text-sm text-zinc-300">{character.description}</p>
          <div className="mt-auto flex flex-wrap gap-1 pt-2">
            {character.tags.slice(0, 4).map((t) => (
              <span key={t} className={tagPill(t)}>
                {t}
              </span>
            ))}
          </div>
        </div>
      </Link>
      <div className="flex gap-1 px-1 pb-1 text-xs">
        <VoteButton votes={votes} kind="upvote" name={character.name} withCount />
        <VoteButton votes={votes} kind="favorite" name={character.name} withCount />
        <button
          type="button"
          onClick={() => setDetails(true)}
          className="ml-auto inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-800 hover:text-white"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
            <circle cx="10" cy="10" r="8" />
            <path d="M10 9v5M10 6.2v.1" strokeLinecap="round" />
          </svg>
          <span className="sr-only">Details for {character.name}</span>
        </button>
      </div>
      {details && <CharacterDetailsPanel characterId={character.id} name={character.name} open={details} onOpenChange={setDetails} />}
    </article>
  );
}
