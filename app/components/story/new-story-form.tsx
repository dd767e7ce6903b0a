import { useNavigate, useRevalidator } from "react-router";
import { FormProblem } from "~/components/ui/form-problem";
import { CharacterPicker } from "~/components/character-picker";
import { useEffect, useState } from "react";
import { Field, TextField, buttonClass, inputClass, secondaryButtonClass } from "~/components/ui/field";
import { findUnsafe } from "~/lib/safety/screen";
import type { StoryCandidate } from "~/models/story.server";
import { SAFETY_MESSAGE } from "~/spec/messages";
import { STORY_COPY, STORY_GENRES, STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";
import { StoryPassage } from "./story-passage";
import { useStoryTurn } from "./use-story-turn";

type Persona = { id: string; name: string };

/** Starting a story: one to three characters, a premise (typed or the scenario), a genre, and who the person plays. */
export function NewStoryForm({ candidates, personas, preselected }: { candidates: StoryCandidate[]; personas: Persona[]; preselected: string[] }) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>(preselected);
  const [premise, setPremise] = useState("");
  const [genre, setGenre] = useState<string>(STORY_GENRES[0]);
  const [personaId, setPersonaId] = useState(personas[0]?.id ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const turn = useStoryTurn((done) => navigate(`/story/${done.storyId}`));
  // A dropped connection may still have made the story: the list below is read again.
  const revalidator = useRevalidator();
  useEffect(() => {
    if (turn.failure?.dropped) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turn.failure]);
  // The cast's scenarios, for "Use the scenario" (a character found by search has none here).
  const [known, setKnown] = useState<{ id: string; scenario?: string }[]>(candidates);
  const scenario = known.find((c) => c.id === picked[0])?.scenario?.trim();

  function start(e: React.FormEvent) {
    e.preventDefault();
    const unsafe = findUnsafe(premise);
    if (!picked.length) return setProblem(STORY_MESSAGES.pickCharacters);
    if (unsafe) return setProblem(SAFETY_MESSAGE(unsafe));
    setProblem(null);
    void turn.send({ characterIds: picked, premise, genre, personaId: personaId || null });
  }

  if (turn.passage !== null)
    return (
      <section aria-live="polite" className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
        <p className="mb-3 text-sm text-zinc-400">{STORY_COPY.writing}</p>
        <StoryPassage text={turn.passage} streaming />
      </section>
    );

  return (
    <form onSubmit={start} className="flex flex-col gap-5 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5" aria-label={STORY_COPY.newStory}>
      <h2 className="text-lg font-semibold text-white">{STORY_COPY.newStory}</h2>
      <CharacterPicker
        id="story"
        legend={STORY_COPY.charactersLabel}
        candidates={candidates}
        picked={picked}
        max={STORY_LIMITS.charactersMax}
        onChange={(next, found) => {
          setPicked(next);
          setKnown((now) => [...now, ...found.filter((f) => !now.some((k) => k.id === f.id))]);
        }}
      />
      <div className="flex flex-col gap-2">
        <TextField
          id="story-premise"
          label={STORY_COPY.premiseLabel}
          value={premise}
          onChange={setPremise}
          rows={3}
          maxLength={STORY_LIMITS.premiseMax}
          hint={STORY_COPY.premisePlaceholder}
        />
        {scenario && (
          <button
            type="button"
            className={`${secondaryButtonClass} min-h-11 self-start`}
            onClick={() => setPremise(scenario.slice(0, STORY_LIMITS.premiseMax))}
          >
            {STORY_COPY.useScenario}
          </button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={STORY_COPY.genreLabel} htmlFor="story-genre">
          <select id="story-genre" className={inputClass} value={genre} onChange={(e) => setGenre(e.target.value)}>
            {STORY_GENRES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </Field>
        <Field label={STORY_COPY.personaLabel} htmlFor="story-persona">
          <select id="story-persona" className={inputClass} value={personaId} onChange={(e) => setPersonaId(e.target.value)}>
            {personas.length === 0 && <option value="">Yourself</option>}
            {personas.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FormProblem upgradeFrom={!problem && turn.failure?.allowanceEmpty ? "new-story" : null}>
        {problem ?? (turn.failure?.dropped ? STORY_MESSAGES.startDropped : turn.failure?.message)}
      </FormProblem>
      <button type="submit" className={`${buttonClass} min-h-11 self-start`} disabled={turn.busy}>
        {turn.failure ? STORY_COPY.retry : STORY_COPY.start}
      </button>
    </form>
  );
}
