import { useFetcher, useNavigate } from "react-router";
import { CharacterPicker, type Candidate } from "~/components/character-picker";
import { MemoryTab } from "~/components/chat/memory-tab";
import { Settings2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { dangerButtonClass, secondaryButtonClass } from "~/components/ui/field";
import { Sheet } from "~/components/ui/sheet";
import { useApi } from "~/hooks/use-api";
import type { GroupOut } from "~/models/groups.server";
import { GROUP_COPY, GROUP_LIMITS, GROUP_MODE_LABELS, GROUP_MODES, type GroupMode } from "~/spec/groups";

/** The group's settings: who speaks (natural, in turn, manual), muting or removing members, and deleting the group. */
export function GroupSettings({ group }: { group: GroupOut }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The mode chosen shows at once; the page's data follows when the change is saved.
  const [mode, setMode] = useState(group.mode);
  useEffect(() => setMode(group.mode), [group.mode]);
  const change = useApi();
  const removal = useApi({ onSuccess: () => navigate("/characters/groups") });
  const patch = (body: Record<string, unknown>) => change.submit(`/api/groups/${group.id}`, "PATCH", body);
  const members = (list: GroupOut["members"]) => list.map((m) => ({ id: m.id, muted: m.muted }));
  // The characters to add come from the groups page's own loader, read when the settings open.
  const candidates = useFetcher<{ candidates: Candidate[] }>();
  const asked = useRef(false);
  useEffect(() => {
    if (!open || asked.current) return;
    asked.current = true;
    void candidates.load("/characters/groups?index");
  }, [open, candidates]);
  const setMembers = (ids: string[]) => patch({ members: ids.map((id) => ({ id, muted: group.members.find((m) => m.id === id)?.muted ?? false })) });

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={GROUP_COPY.settings}
        className={`${secondaryButtonClass} inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 sm:min-h-9`}
      >
        <Settings2 aria-hidden className="size-4" />
        <span className="hidden sm:inline">{GROUP_COPY.settings}</span>
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={GROUP_COPY.settings} testId="group-settings">
        <div className="flex flex-col gap-6">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-zinc-200">{GROUP_COPY.modeLabel}</legend>
            {GROUP_MODES.map((option: GroupMode) => (
              <div key={option} className="flex min-h-11 items-start gap-3 rounded-lg border border-zinc-800 p-3 has-[:checked]:border-brand-500">
                <input
                  id={`group-mode-${option}`}
                  type="radio"
                  name="group-mode"
                  value={option}
                  checked={mode === option}
                  onChange={() => (setMode(option), patch({ mode: option }))}
                  className="mt-1"
                  disabled={change.busy}
                  aria-describedby={`group-mode-${option}-hint`}
                />
                <div>
                  <label htmlFor={`group-mode-${option}`} className="block cursor-pointer text-sm font-semibold text-white">
                    {GROUP_MODE_LABELS[option].label}
                  </label>
                  <p id={`group-mode-${option}-hint`} className="text-xs text-zinc-400">
                    {GROUP_MODE_LABELS[option].hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <section className="flex flex-col gap-2" aria-label="Members">
            <h3 className="text-sm font-medium text-zinc-200">Members</h3>
            <ul className="flex flex-col gap-2">
              {group.members.map((m) => (
                <li key={m.id} className="flex items-center gap-3 rounded-lg border border-zinc-800 p-2" data-testid="group-member">
                  <img src={m.thumbnailUrl} alt="" className={`h-9 w-9 rounded-full object-cover ${m.available && !m.muted ? "" : "opacity-40"}`} />
                  <span className="min-w-0 flex-1 truncate text-sm text-zinc-100">
                    {m.name}
                    {m.muted && <span className="ml-2 text-xs text-zinc-400">{GROUP_COPY.muted}</span>}
                  </span>
                  <button
                    type="button"
                    className={`${secondaryButtonClass} min-h-11 sm:min-h-9`}
                    disabled={change.busy}
                    onClick={() => patch({ members: members(group.members.map((x) => (x.id === m.id ? { ...x, muted: !x.muted } : x))) })}
                  >
                    {m.muted ? GROUP_COPY.unmute : GROUP_COPY.mute}
                  </button>
                  {group.members.length > GROUP_LIMITS.membersMin && (
                    <button
                      type="button"
                      aria-label={`Remove ${m.name}`}
                      className={`${secondaryButtonClass} min-h-11 sm:min-h-9`}
                      disabled={change.busy}
                      onClick={() => patch({ members: members(group.members.filter((x) => x.id !== m.id)) })}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>
          {candidates.data && (
            <CharacterPicker
              id="group-add"
              legend={GROUP_COPY.addMembers}
              candidates={[...group.members.filter((m) => !candidates.data!.candidates.some((c) => c.id === m.id)), ...candidates.data.candidates]}
              picked={group.members.map((m) => m.id)}
              max={GROUP_LIMITS.membersMax}
              onChange={(ids) => ids.length >= GROUP_LIMITS.membersMin && setMembers(ids)}
            />
          )}
          <section className="flex flex-col gap-2" aria-label={GROUP_COPY.memory}>
            <h3 className="text-sm font-medium text-zinc-200">{GROUP_COPY.memory}</h3>
            <MemoryTab base={`/api/groups/${group.id}/memory`} />
          </section>
          <button type="button" className={`${dangerButtonClass} self-start`} onClick={() => setConfirming(true)} disabled={removal.busy}>
            {GROUP_COPY.deleteGroup}
          </button>
        </div>
      </Sheet>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={GROUP_COPY.deleteGroup}
        description={GROUP_COPY.deleteConfirm}
        confirmLabel={GROUP_COPY.deleteGroup}
        onConfirm={() => removal.submit(`/api/groups/${group.id}`, "DELETE")}
      />
    </>
  );
}
