import { useMemo, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";
import { buttonClass, Card } from "../ui/field";

/**
 * Excluded tags or content: toggle chips, 'You have unsaved changes' until saved, then one PUT.
 * `styles` gives a tag its own colour when selected (content tags have one each).
 */
export function TagEditor({
  title,
  description,
  all,
  initial,
  endpoint,
  successMessage,
  styles,
  testId,
}: {
  title: string;
  description: string;
  all: readonly string[];
  initial: string[];
  endpoint: string;
  successMessage: string;
  styles?: Record<string, string>;
  testId: string;
}) {
  const [saved, setSaved] = useState(() => new Set(initial));
  const [selected, setSelected] = useState(() => new Set(initial));
  const saving = useApi({
    duration: 5000,
    onSuccess: () => {
      setSaved(new Set(selected));
      toast({ title: successMessage, variant: "success" });
    },
  });
  const dirty = useMemo(() => selected.size !== saved.size || [...selected].some((t) => !saved.has(t)), [selected, saved]);

  function toggle(tag: string) {
    const next = new Set(selected);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    setSelected(next);
  }

  const save = () => saving.submit(endpoint, "PUT", { tags: [...selected] });

  return (
    <Card title={title} testId={testId}>
      <p className="mb-3 text-sm text-zinc-400">{description}</p>
      <div className="flex flex-wrap gap-2">
        {[...all]
          .sort((a, b) => a.localeCompare(b))
          .map((tag) => {
            const on = selected.has(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(tag)}
                className={`rounded-full border px-3 py-1 text-sm transition ${on ? (styles?.[tag] ?? "border-brand-500 bg-brand-700/40 text-white") : "border-zinc-700 text-zinc-300 hover:border-zinc-500"}`}
              >
                {tag}
              </button>
            );
          })}
      </div>
      <div className="mt-4 flex items-center gap-3">
        <button type="button" onClick={save} disabled={!dirty || saving.busy} className={buttonClass}>
          {saving.busy ? "Saving..." : "Save"}
        </button>
        {dirty && <p className="text-sm text-amber-300">{MESSAGES.account.unsavedChanges}</p>}
      </div>
    </Card>
  );
}
