import { useFetcher, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, TextField, buttonClass, inputClass, secondaryButtonClass } from "~/components/ui/field";
import { findUnsafe } from "~/lib/safety";
import type { StoryCandidate } from "~/models/story.server";
import { SAFETY_MESSAGE } from "~/spec/messages";
import { STORY_COPY, STORY_GENRES, STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";
import { StoryPassage } from "./story-passage";
import { useStoryTurn } from "./use-story-turn";
import { UpgradeLink } from "~/components/upgrade-link";

type Persona = { id: string; name: string };

/** Starting a story: one to three characters, a premise (typed or the scenario), a genre, and who the person plays. */
export function NewStoryForm({ candidates, personas, preselected }: { candidates: StoryCandidate[]; personas: Persona[]; preselected: string[] }) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>(preselected);
  const [premise, setPremise] = useState("");
  const [genre, setGenre] = useState<string>(STORY_GENRES[0]);
  const [personaId, setPersonaId] = useState(personas[0]?.id ?? "");
  const [filter, setFilter] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const turn = useStoryTurn((done) => navigate(`/story/${done.storyId}`));
  // A dropped connection may still have made the story: the list below is read again.
  const revalidator = useRevalidator();
  useEffect(() => {
    if (turn.failure?.dropped) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turn.failure]);
  // Past the usual characters, the whole catalogue is searched (the characters page's own loader).
  const search = useFetcher<{ characters?: { id: string; name: string; thumbnailUrl: string }[] }>();
  const query = filter.trim();
  useEffect(() => {
    if (query.length < 2) return;
    const timer = setTimeout(() => search.load(`/characters?index&q=${encodeURIComponent(query)}`), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const [known, setKnown] = useState(candidates);
  useEffect(() => {
    const found = search.data?.characters ?? [];
    setKnown((now) => [...now, ...found.filter((f) => !now.some((k) => k.id === f.id)).map((f) => ({ ...f, scenario: "" }))]);
  }, [search.data]);

  const shown = known.filter((c) => picked.includes(c.id) || c.name.toLowerCase().includes(query.toLowerCase()));
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : now.length < STORY_LIMITS.charactersMax ? [...now, id] : now));
  const scenario = known.find((c) => c.id === picked[0])?.scenario.trim();

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
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-zinc-200">{STORY_COPY.charactersLabel}</legend>
        <label htmlFor="story-filter" className="sr-only">
          Find a character
        </label>
        <input
          id="story-filter"
          type="search"
          className={inputClass}
          placeholder="Find a character"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {query.length >= 2 && !shown.length && search.state === "idle" && <p className="text-sm text-zinc-400">No character by that name.</p>}
        <div className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((c) => {
            const on = picked.includes(c.id);
            return (
              <button
                key={c.id}
                type="button"
                aria-pressed={on}
                disabled={!on && picked.length >= STORY_LIMITS.charactersMax}
                onClick={() => toggle(c.id)}
                className={`flex min-h-11 items-center gap-2 rounded-lg border p-2 text-left text-sm disabled:opacity-40 ${on ? "border-brand-500 bg-brand-600/20 text-white" : "border-zinc-700 text-zinc-200 hover:bg-zinc-800"}`}
              >
                <img src={c.thumbnailUrl} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
                <span className="truncate">{c.name}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
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
      {(problem || turn.failure) && (
        <p role="alert" className="text-sm text-red-400">
          {problem ?? (turn.failure?.dropped ? STORY_MESSAGES.startDropped : turn.failure?.message)}{" "}
          {!problem && turn.failure?.allowanceEmpty && (
            <UpgradeLink from="new-story" className="font-semibold text-brand-300 underline">
              Upgrade
            </UpgradeLink>
          )}
        </p>
      )}
      <button type="submit" className={`${buttonClass} min-h-11 self-start`} disabled={turn.busy}>
        {turn.failure ? STORY_COPY.retry : STORY_COPY.start}
      </button>
    </form>
  );
}
