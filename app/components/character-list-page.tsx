import type { ReactNode } from "react";
import type { CharacterCardData } from "~/models/character.server";
import { CharacterGrid } from "./character-grid";
import { PageHeader } from "./page-header";

export function CharacterListPage({ title, intro, characters, children }: { title: string; intro: ReactNode; characters: CharacterCardData[]; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={title}>{intro}</PageHeader>
      <CharacterGrid characters={characters} />
      {children}
    </div>
  );
}
