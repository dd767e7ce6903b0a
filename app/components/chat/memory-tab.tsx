import { useEffect, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { LIMITS } from "~/spec/limits";
import { MEMORY_MESSAGES } from "~/spec/messages";
import { DeleteButton } from "../ui/confirm-dialog";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/field";
import { UpgradeLink } from "~/components/upgrade-link";

type Pin = { id: string; text: string; messageId: string | null };
type Memory = { pins: Pin[]; pinLimit: number; pinsLeft: number; summary: string | null; summaryMax: number; nextSummaryIn: number };

/**
 * The Memory tab (issue 25): what the character remembers of the chat on screen (or what a group
 * remembers; `base` is the conversation's memory address), each memory to edit
 * or forget, a box to write one, and how many the plan keeps. Its list loads through a fetcher.
 * React Router reloads it after "Remember this" in the chat; after a change made here the tab reloads it
 * itself once the change is answered, so a memory just written is never missing from the list
 * (decision 069).
 */
export function MemoryTab({ base, canSummarise = false }: { base: string; /** "Summarise now" is offered (a chat's memory). */ canSummarise?: boolean }) {
  const list = useApi<Memory>({ errorTitle: MEMORY_MESSAGES.failedTitle });
  const memory = list.data && "pins" in list.data ? list.data : null;
  const reload = () => list.load(base);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const adding = useApi({
    errorTitle: MEMORY_MESSAGES.failedTitle,
    onSuccess: () => (setText(""), setError(null), reload()),
    onError: (e) => (setError(e.fields?.text ?? e.message), false),
  });
  const clearing = useApi({ errorTitle: MEMORY_MESSAGES.failedTitle, onSuccess: reload });
  useEffect(reload, [base]); // eslint-disable-line react-hooks/exhaustive-deps

  function add() {
    if (!text.trim()) return setError(MEMORY_MESSAGES.writeFirst);
    adding.submit(`${base}/pins`, "POST", { text: text.trim() });
  }

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="memory-tab">
      <p className="text-zinc-300">{MEMORY_MESSAGES.intro}</p>
      {memory === null ? (
        <p className="text-zinc-400">Loading…</p>
      ) : (
        <>
          {memory.pins.length === 0 ? (
            <p className="text-zinc-400">{MEMORY_MESSAGES.empty}</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Memories">
              {memory.pins.map((pin) => (
                <PinRow key={pin.id} pin={pin} base={base} onChanged={reload} />
              ))}
            </ul>
          )}
          <p className="text-zinc-400" data-testid="memory-left">
            {MEMORY_MESSAGES.left(memory.pinsLeft, memory.pinLimit)}{" "}
            {memory.pinsLeft === 0 && (
              <UpgradeLink from="memory" className="text-brand-300 underline">
                Upgrade
              </UpgradeLink>
            )}
          </p>
          <div className="flex flex-col gap-2">
            <label htmlFor="memory-new" className="font-medium text-white">
              {MEMORY_MESSAGES.add}
            </label>
            <textarea
              id="memory-new"
              className={`${inputClass} min-h-20`}
              placeholder={MEMORY_MESSAGES.placeholder}
              maxLength={LIMITS.memoryPinMax}
              value={text}
              aria-invalid={!!error}
              aria-describedby={error ? "memory-new-error" : undefined}
              onChange={(e) => setText(e.target.value)}
            />
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs text-zinc-400">
                {text.length}/{LIMITS.memoryPinMax}
              </span>
              <button type="button" className={buttonClass} onClick={add} disabled={adding.busy || memory.pinsLeft === 0}>
                {MEMORY_MESSAGES.add}
              </button>
            </div>
            {error && (
              <p id="memory-new-error" role="alert" className="text-red-300">
                {error}
              </p>
            )}
          </div>
          <SummarySection base={base} memory={memory} onChanged={reload} canSummarise={canSummarise} />
          {(memory.pins.length > 0 || memory.summary) && (
            <DeleteButton
              label={MEMORY_MESSAGES.clear}
              title={MEMORY_MESSAGES.clear}
              description={MEMORY_MESSAGES.clearConfirm}
              onConfirm={() => clearing.submit(base, "DELETE")}
              className="self-start px-2"
            />
          )}
        </>
      )}
    </div>
  );
}

/** A memory's words or the summary, being corrected: the box, its error, Save and Cancel. */
function EditText({
  label,
  saved,
  max,
  tall = false,
  field,
  save,
  onSaved,
  onDone,
}: {
  label: string;
  saved: string;
  max: number;
  tall?: boolean;
  /** The JSON field the text is sent as, and whose 400 message is shown here. */
  field: "text" | "summary";
  save: { path: string; method: "PATCH" | "PUT" };
  onSaved: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const saving = useApi({
    errorTitle: MEMORY_MESSAGES.failedTitle,
    onSuccess: () => (onSaved(), onDone()),
    onError: (e) => (setError(e.fields?.[field] ?? e.message), false),
  });
  return (
    <>
      <textarea
        aria-label={label}
        className={`${inputClass} ${tall ? "min-h-32" : "min-h-20"}`}
        maxLength={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className={buttonClass} disabled={saving.busy} onClick={() => saving.submit(save.path, save.method, { [field]: text.trim() })}>
          {MEMORY_MESSAGES.save}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          {MEMORY_MESSAGES.cancel}
        </button>
      </div>
    </>
  );
}

const smallButton = "min-h-11 rounded-md px-2 text-xs sm:min-h-8";

/** One memory: its words, with Edit and Forget; `onChanged` once a change is answered. */
function PinRow({ pin, base, onChanged }: { pin: Pin; base: string; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const forgetting = useApi({ errorTitle: MEMORY_MESSAGES.failedTitle, onSuccess: onChanged });
  return (
    <li className="flex flex-col gap-2 rounded-md border border-zinc-800 px-3 py-2" data-testid="memory-pin">
      {editing ? (
        <EditText
          label="Memory"
          saved={pin.text}
          max={LIMITS.memoryPinMax}
          field="text"
          save={{ path: `${base}/pins/${pin.id}`, method: "PATCH" }}
          onSaved={onChanged}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words text-zinc-100">{pin.text}</p>
          <div className="flex gap-1">
            <button type="button" className={`${smallButton} text-zinc-300 hover:bg-zinc-800`} onClick={() => setEditing(true)}>
              {MEMORY_MESSAGES.edit}
            </button>
            <button
              type="button"
              className={`${smallButton} text-red-400 hover:bg-red-950/40`}
              disabled={forgetting.busy}
              onClick={() => forgetting.submit(`${base}/pins/${pin.id}`, "DELETE")}
            >
              {MEMORY_MESSAGES.forget}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** The running summary of the branch on screen (decision 045): read, and corrected by the person. */
function SummarySection({ base, memory, onChanged, canSummarise }: { base: string; memory: Memory; onChanged: () => void; canSummarise: boolean }) {
  const { summary, summaryMax: max, nextSummaryIn } = memory;
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const summarising = useApi({
    errorTitle: MEMORY_MESSAGES.failedTitle,
    onSuccess: () => (setProblem(null), onChanged()),
    onError: (e) => (setProblem(e.message), false),
  });
  return (
    <section className="flex flex-col gap-2" aria-labelledby="memory-summary-heading" data-testid="memory-summary">
      <h3 id="memory-summary-heading" className="font-medium text-white">
        {MEMORY_MESSAGES.summaryTitle}
      </h3>
      <p className="text-zinc-400">{MEMORY_MESSAGES.summaryIntro(max)}</p>
      {!summary ? (
        <p className="text-zinc-400">{MEMORY_MESSAGES.noSummary}</p>
      ) : editing ? (
        <EditText
          label={MEMORY_MESSAGES.summaryTitle}
          saved={summary}
          max={max}
          tall
          field="summary"
          save={{ path: base, method: "PUT" }}
          onSaved={onChanged}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words rounded-md border border-zinc-800 px-3 py-2 text-zinc-100">{summary}</p>
          <button type="button" className={`${smallButton} self-start text-zinc-300 hover:bg-zinc-800`} onClick={() => setEditing(true)}>
            {MEMORY_MESSAGES.editSummary}
          </button>
        </>
      )}
      {!editing && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-zinc-400" data-testid="memory-next-summary">
            {MEMORY_MESSAGES.nextSummary(nextSummaryIn)}
          </p>
          {canSummarise && (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={summarising.busy}
              aria-busy={summarising.busy}
              onClick={() => summarising.submit(`${base}/summary`, "POST")}
            >
              {summarising.busy ? MEMORY_MESSAGES.summarising : MEMORY_MESSAGES.summariseNow}
            </button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}
