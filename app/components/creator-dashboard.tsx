import { Form, Link, useSubmit } from "react-router";
import { FigureChart } from "~/components/ui/figure-chart";
import type { CreatorFigures } from "~/models/creator-figures.server";
import { changeNote, changeOf, DASHBOARD_COPY as COPY, FIGURES, PERIOD_DAYS, type FigureSums } from "~/spec/creator-figures";
import { formatCount } from "~/spec/plain-text";

type Named = { id: string; name: string };

const shown = (value: number | null, key: string) => (value === null ? "–" : key === "depth" || key === "rating" ? value.toFixed(1) : formatCount(value));
const figure = (key: string) => FIGURES.find((f) => f.key === key)!;

/** 7, 30 or 90 days: links, so the period is in the URL (back, share, reload keep it). */
function PeriodPicker({ days, characterId }: { days: number; characterId: string | null }) {
  return (
    <nav aria-label={COPY.periodLabel} className="flex gap-1 rounded-lg border border-zinc-800 bg-zinc-900/60 p-1">
      {PERIOD_DAYS.map((d) => (
        <Link
          key={d}
          to={`?days=${d}${characterId ? `&character=${characterId}` : ""}`}
          aria-current={d === days ? "page" : undefined}
          preventScrollReset
          className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm sm:min-h-9 ${d === days ? "bg-brand-600 font-semibold text-white" : "text-zinc-300 hover:bg-zinc-800"}`}
        >
          {COPY.period(d)}
        </Link>
      ))}
    </nav>
  );
}

/** All characters, or one: a select that applies at once (a form GET without JavaScript). */
function CharacterPicker({ days, characterId, characters }: { days: number; characterId: string | null; characters: Named[] }) {
  const submit = useSubmit();
  return (
    <Form method="get" preventScrollReset className="flex items-end gap-2">
      <input type="hidden" name="days" value={days} />
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {COPY.characterLabel}
        <select
          key={characterId ?? ""}
          name="character"
          defaultValue={characterId ?? ""}
          onChange={(e) => submit(e.currentTarget.form)}
          className="input min-h-11 max-w-[16rem]"
        >
          <option value="">{COPY.allCharacters}</option>
          {characters.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="button min-h-11">
          Show
        </button>
      </noscript>
    </Form>
  );
}

/** Per character: the period's main figures and the change in chats started. */
function PerCharacter({ figures, characters }: { figures: CreatorFigures; characters: Named[] }) {
  const columns = ["impressions", "chats", "messages", "chatters", "rating"] as const;
  const rows = characters.map((c) => ({ ...c, sums: figures.perCharacter[c.id] })).filter((r) => r.sums);
  if (!rows.length) return null;
  const value = (key: string, s: FigureSums) => figure(key).value(s);
  return (
    <section aria-labelledby="per-character-heading" className="flex flex-col gap-2">
      <h3 id="per-character-heading" className="font-semibold text-white">
        {COPY.perCharacter}
      </h3>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- it scrolls sideways on a phone, so the keyboard must reach it */}
      <div className="overflow-x-auto rounded-xl border border-zinc-800" tabIndex={0} role="region" aria-label={COPY.perCharacter}>
        <table className="w-full min-w-[34rem] text-left text-sm text-zinc-300" data-testid="per-character">
          <thead className="bg-zinc-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-normal">
                {COPY.characterLabel}
              </th>
              {columns.map((key) => (
                <th key={key} scope="col" className="px-3 py-2 text-right font-normal">
                  {figure(key).label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-normal">
                Chats, change
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-zinc-800">
                <th scope="row" className="max-w-[12rem] truncate px-3 py-2 font-medium text-zinc-100">
                  <Link to={`?days=${figures.days}&character=${r.id}`} preventScrollReset className="hover:underline">
                    {r.name}
                  </Link>
                </th>
                {columns.map((key) => (
                  <td key={key} className="px-3 py-2 text-right">
                    {shown(value(key, r.sums!.current), key)}
                  </td>
                ))}
                <td className="px-3 py-2 text-right">{changeOf(r.sums!.current.chats, r.sums!.previous.chats)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The Creator Hub's dashboard (issue 64): the period's figures for all the creator's characters or
 * one, each with its change against the period before, a daily chart with its numbers in a table,
 * and the figures per character.
 */
export function CreatorDashboard({ figures, characterId, characters }: { figures: CreatorFigures; characterId: string | null; characters: Named[] }) {
  const empty = FIGURES.every((f) => !f.value(figures.current));
  return (
    <section aria-labelledby="dashboard-heading" className="mb-10 flex flex-col gap-4" data-testid="creator-dashboard">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="dashboard-heading" className="text-xl font-semibold text-white">
          {COPY.heading}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <CharacterPicker days={figures.days} characterId={characterId} characters={characters} />
          <PeriodPicker days={figures.days} characterId={characterId} />
        </div>
      </div>
      {empty && <p className="text-sm text-zinc-400">{COPY.noFigures}</p>}
      <div className="grid gap-3">
        {FIGURES.map((f) => {
          const now = f.value(figures.current);
          return (
            <FigureChart
              key={f.key}
              level={3}
              label={f.label}
              headline={shown(now, f.key)}
              note={`${f.help}. ${changeNote(now, f.value(figures.previous), figures.days)}`.trim()}
              points={figures.series.map((p) => ({ day: p.day, value: f.value(p.sums) }))}
            />
          );
        })}
      </div>
      {!characterId && <PerCharacter figures={figures} characters={characters} />}
    </section>
  );
}
