import { Link } from "@remix-run/react";
import type { CharacterCardData } from "~/models/character.server";

/** A character card: thumbnail, name, author, tags, upvote and favourite counts. */
export function CharacterCard({ character, blurNsfw = false }: { character: CharacterCardData; blurNsfw?: boolean }) {
  return (
    <Link
      to={`/characters/chat/${character.id}`}
      className="group flex flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 transition hover:border-brand-600"
    >
      <div className="relative aspect-square overflow-hidden bg-zinc-800">
        <img
          src={character.thumbnailUrl}
          alt=""
          loading="lazy"
          width={384}
          height={384}
          className={`h-full w-full object-cover transition group-hover:scale-105 ${blurNsfw && character.isNsfwThumbnail ? "blur-xl" : ""}`}
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate font-semibold text-white">{character.name}</h3>
        <p className="truncate text-xs text-zinc-400">by {character.author}</p>
        <p className="line-clamp-2 text-sm text-zinc-300">{character.description}</p>
        <div className="mt-auto flex flex-wrap gap-1 pt-2">
          {character.tags.slice(0, 4).map((t) => (
            <span key={t} className="rounded-full bg-zinc-800 px-2 py-0.5 text-[11px] text-zinc-300">
              {t}
            </span>
          ))}
        </div>
        <div className="flex gap-3 pt-1 text-xs text-zinc-400">
          <span aria-label={`${character.upvotes} upvotes`}>▲ {character.upvotes}</span>
          <span aria-label={`${character.favorites} favorites`}>♥ {character.favorites}</span>
        </div>
      </div>
    </Link>
  );
}
