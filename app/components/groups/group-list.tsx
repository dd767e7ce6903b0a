import { Link } from "react-router";
import { GROUP_COPY } from "~/spec/groups";

type Item = {
  id: string;
  name: string;
  members: { id: string; name: string; thumbnailUrl: string }[];
  lastLine: string | null;
  lastSpeakerId: string | null;
};

/** The person's groups, the latest talked in first: name, the members' pictures, and the last line with who said it. */
export function GroupList({ groups }: { groups: Item[] }) {
  if (!groups.length) return <p className="text-zinc-400">{GROUP_COPY.none}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={GROUP_COPY.yourGroups}>
      {groups.map((g) => {
        const speaker = g.members.find((m) => m.id === g.lastSpeakerId);
        return (
          <li key={g.id}>
            <Link
              to={`/characters/groups/${g.id}`}
              className="flex min-h-11 items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3 hover:border-zinc-600"
              data-testid="group-item"
            >
              <span className="flex shrink-0 -space-x-3">
                {g.members.map((m) => (
                  <img key={m.id} src={m.thumbnailUrl} alt="" className="h-10 w-10 rounded-full border-2 border-zinc-900 object-cover" />
                ))}
              </span>
              <span className="min-w-0">
                <span className="block truncate font-medium text-white">{g.name}</span>
                <span className="block truncate text-xs text-zinc-400">
                  {g.lastLine ? `${speaker ? `${speaker.name}: ` : ""}${g.lastLine}` : g.members.map((m) => m.name).join(", ")}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
