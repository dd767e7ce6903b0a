import { Link, useFetcher } from "react-router";
import { useEffect, useState } from "react";
import { inputClass, secondaryButtonClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { useRootData } from "~/hooks/use-root-data";
import type { FoundUser } from "~/models/moderation.server";
import { MOD_CENTRAL_COPY } from "~/spec/moderation";
import { ReasonDialog } from "./reason-dialog";

/** Finding a user by email, name or id; their ban, characters and open reports. */
export function UsersPanel() {
  const [query, setQuery] = useState("");
  const search = useFetcher<{ users?: FoundUser[] }>();
  const load = (q: string) => search.load(`/api/mods/users?q=${encodeURIComponent(q)}`);
  const api = useApi({ success: { title: "Done" }, onSuccess: () => query.trim() && load(query.trim()) });
  const [target, setTarget] = useState<{ user: FoundUser; ban: boolean } | null>(null);
  // A moderator (and the admin) only the admin may ban or unban (decision 026).
  const { can } = useRootData();
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = setTimeout(() => load(q), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const users = query.trim() ? (search.data?.users ?? []) : [];
  return (
    <div className="flex flex-col gap-4">
      <label htmlFor="mod-user-search" className="text-sm font-medium text-zinc-200">
        {MOD_CENTRAL_COPY.searchLabel}
      </label>
      <input id="mod-user-search" type="search" className={inputClass} value={query} onChange={(e) => setQuery(e.target.value)} />
      {query.trim() && search.state === "idle" && search.data && !users.length && <p className="text-zinc-400">{MOD_CENTRAL_COPY.noUsers}</p>}
      <ul className="flex flex-col gap-3" aria-label="Users found">
        {users.map((u) => (
          <li key={u.id} className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" data-testid="found-user">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-white">{u.name || "(no name)"}</span>
              <span className="break-all text-sm text-zinc-400">{u.email}</span>
              <span className="text-xs text-zinc-400">
                {u.id} · {u.tier}
                {u.isModerator && " · moderator"}
              </span>
              {u.isBanned && <span className="rounded bg-red-900 px-1.5 py-0.5 text-xs text-red-100">{MOD_CENTRAL_COPY.banned}</span>}
            </div>
            {u.isBanned && u.banReason && <p className="text-sm text-zinc-300">Reason: {u.banReason}</p>}
            {u.characters.length > 0 && (
              <ul className="flex flex-wrap gap-2 text-sm">
                {u.characters.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`/characters/chat/${c.id}`}
                      className="inline-flex min-h-11 items-center rounded-md border border-zinc-800 px-2 text-zinc-200 hover:bg-zinc-800"
                    >
                      {c.name}
                      {!c.isPublic && " (private)"}
                      {c.openReports > 0 && <span className="ml-1 text-amber-300">· {c.openReports} open</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {(!u.isModerator || can.administer) && (
              <div>
                <button
                  type="button"
                  className={`${secondaryButtonClass} min-h-11 ${u.isBanned ? "" : "border-red-800 text-red-300"}`}
                  disabled={api.busy}
                  onClick={() => setTarget({ user: u, ban: !u.isBanned })}
                >
                  {u.isBanned ? MOD_CENTRAL_COPY.unban : MOD_CENTRAL_COPY.ban}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={!!target}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`${target?.ban ? MOD_CENTRAL_COPY.ban : MOD_CENTRAL_COPY.unban} ${target?.user.name || target?.user.email || ""}`}
        confirmLabel={target?.ban ? MOD_CENTRAL_COPY.ban : MOD_CENTRAL_COPY.unban}
        required={!!target?.ban}
        onConfirm={(reason) => target && api.submit(`/api/mods/users/${target.user.id}/${target.ban ? "ban" : "unban"}`, "POST", { reason })}
      />
    </div>
  );
}
