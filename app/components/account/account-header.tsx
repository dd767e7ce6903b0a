import { Link } from "react-router";
import { UserAvatar } from "../ui/user-avatar";
import { Card } from "../ui/field";
import { TierLabel } from "./tier-label";

type Props = {
  user: { name: string | null; email: string; image: string | null; tier: "FREE" | "SILVER" | "GOLD" };
  persona: { name: string; persona: string } | null;
  onEditPersona: () => void;
};

export function AccountHeader({ user, persona, onEditPersona }: Props) {
  return (
    <Card testId="account-header">
      <div className="flex items-center gap-4">
        <UserAvatar image={user.image} email={user.email} name={user.name} size={64} />
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-white">{user.name}</h1>
          <p className="truncate text-sm text-zinc-400">{user.email}</p>
          <div className="mt-1.5">
            <TierLabel tier={user.tier} />
          </div>
        </div>
      </div>
      {persona && (
        <div className="mt-4 flex items-start gap-3 rounded-lg border border-zinc-800 bg-zinc-950/60 p-3" data-testid="active-persona">
          <UserAvatar image={user.image} name={persona.name} size={36} />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-white">Chatting as {persona.name}</p>
            <p className="line-clamp-2 text-zinc-400">{persona.persona}</p>
            <div className="mt-1 flex gap-3 text-xs">
              <button type="button" onClick={onEditPersona} className="text-brand-300 underline">
                Edit persona
              </button>
              <Link to="/personas" className="text-brand-300 underline">
                Manage personas
              </Link>
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}
