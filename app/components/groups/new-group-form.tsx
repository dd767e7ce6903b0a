import { useNavigate } from "react-router";
import { FormProblem } from "~/components/ui/form-problem";
import { useState } from "react";
import { CharacterPicker, type Candidate } from "~/components/character-picker";
import { TextField, buttonClass } from "~/components/ui/field";
import { useApi, type ApiError } from "~/hooks/use-api";
import { GROUP_COPY, GROUP_LIMITS, GROUP_MESSAGES } from "~/spec/groups";

/** Starting a group: two to five characters, a name (or one made of theirs) and a scenario. */
export function NewGroupForm({ candidates, preselected }: { candidates: Candidate[]; preselected: string[] }) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>(preselected);
  const [name, setName] = useState("");
  const [scenario, setScenario] = useState("");
  const [problem, setProblem] = useState<ApiError | null>(null);
  const create = useApi<{ id: string }>({
    onSuccess: ({ id }) => navigate(`/characters/groups/${id}`),
    onError: (error) => (setProblem(error), false),
  });

  function start(e: React.FormEvent) {
    e.preventDefault();
    if (picked.length < GROUP_LIMITS.membersMin) return setProblem({ code: "bad_request", message: GROUP_MESSAGES.pickMembers });
    setProblem(null);
    create.submit("/api/groups", "POST", { characterIds: picked, name: name || null, scenario: scenario || null });
  }

  return (
    <form onSubmit={start} className="flex flex-col gap-5 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5" aria-label={GROUP_COPY.newGroup}>
      <h2 className="text-lg font-semibold text-white">{GROUP_COPY.newGroup}</h2>
      <CharacterPicker id="group" legend={GROUP_COPY.membersLabel} candidates={candidates} picked={picked} max={GROUP_LIMITS.membersMax} onChange={setPicked} />
      <TextField id="group-name" label={GROUP_COPY.nameLabel} value={name} onChange={setName} maxLength={GROUP_LIMITS.nameMax} hint={GROUP_COPY.nameHint} />
      <TextField
        id="group-scenario"
        label={GROUP_COPY.scenarioLabel}
        value={scenario}
        onChange={setScenario}
        rows={3}
        maxLength={GROUP_LIMITS.scenarioMax}
        hint={GROUP_COPY.scenarioHint}
      />
      <FormProblem upgradeFrom={problem?.code === "group_limit" ? "groups" : null}>
        {problem && (problem.fields ? Object.values(problem.fields)[0] : problem.message)}
      </FormProblem>
      <button type="submit" className={`${buttonClass} min-h-11 self-start`} disabled={create.busy}>
        {create.busy ? GROUP_COPY.starting : GROUP_COPY.start}
      </button>
    </form>
  );
}
