import { ConversationCard } from "../ui/conversation-card";
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
            <ConversationCard
              to={`/characters/groups/${g.id}`}
              testId="group-item"
              pictures={g.members}
              title={g.name}
              line={g.lastLine ? `${speaker ? `${speaker.name}: ` : ""}${g.lastLine}` : g.members.map((m) => m.name).join(", ")}
            />
          </li>
        );
      })}
    </ul>
  );
}
