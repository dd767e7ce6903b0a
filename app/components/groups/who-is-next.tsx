import { shortName } from "~/lib/character-name";
import type { GroupOut } from "~/models/groups.server";
import { GROUP_COPY, type GroupMode } from "~/spec/groups";

/**
 * The "Who's next" row (issue 26): the members who can speak, to pick who answers. In manual mode the
 * person always picks; otherwise the group decides unless they pick someone for the next reply.
 */
export function WhoIsNext({
  members,
  mode,
  pick,
  onPick,
}: {
  members: GroupOut["members"];
  mode: GroupMode;
  pick: string | null;
  onPick: (id: string | null) => void;
}) {
  const speaking = members.filter((m) => m.available && !m.muted);
  const option = (selected: boolean) =>
    `flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-2 pr-3 text-sm sm:min-h-9 ${selected ? "border-brand-500 bg-brand-600/25 text-white" : "border-zinc-700 text-zinc-300 hover:bg-zinc-800"}`;
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <span aria-hidden className="shrink-0 text-xs font-semibold text-zinc-400">
        {GROUP_COPY.whoseNext}
      </span>
      <div role="radiogroup" aria-label={GROUP_COPY.whoseNext} className="flex items-center gap-2 overflow-x-auto pb-1" data-testid="who-is-next">
        {mode !== "manual" && (
          <button type="button" role="radio" aria-checked={pick === null} onClick={() => onPick(null)} className={option(pick === null)}>
            <span className="pl-1">{GROUP_COPY.anyone}</span>
          </button>
        )}
        {speaking.map((m) => (
          <button
            key={m.id}
            type="button"
            role="radio"
            aria-checked={pick === m.id}
            aria-label={m.name}
            onClick={() => onPick(m.id)}
            className={option(pick === m.id)}
          >
            <img src={m.thumbnailUrl} alt="" className="h-7 w-7 rounded-full object-cover" />
            <span aria-hidden>{shortName(m.name)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
