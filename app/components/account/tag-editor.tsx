import { useMemo, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { MESSAGES } from "~/spec/messages";
import { ACCOUNT_COPY } from "~/spec/pages";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, CONTENT_TAG_STYLES } from "~/spec/tags";
import { Chips } from "../ui/chips";
import { buttonClass, Card } from "../ui/field";

const KINDS = {
  tags: {
    title: ACCOUNT_COPY.excludedTags,
    description: ACCOUNT_COPY.excludedTagsHelp,
    all: CHARACTER_TAG_NAMES,
    endpoint: "/api/profile/tags",
    successMessage: MESSAGES.account.tagsUpdated,
    styles: undefined,
    testId: "excluded-tags",
  },
  content: {
    title: ACCOUNT_COPY.excludedContent,
    description: ACCOUNT_COPY.excludedContentHelp,
    all: CONTENT_TAG_NAMES,
    endpoint: "/api/profile/content-tags",
    successMessage: MESSAGES.account.contentTagsUpdated,
    styles: CONTENT_TAG_STYLES,
    testId: "excluded-content",
  },
} as const;

/**
 * Excluded tags or content: toggle chips, 'You have unsaved changes' until saved, then one PUT.
 * Content tags have their own colour when selected.
 */
export function TagEditor({ kind, initial }: { kind: keyof typeof KINDS; initial: string[] }) {
  const { title, description, all, endpoint, successMessage, styles, testId } = KINDS[kind];
  const [saved, setSaved] = useState(initial);
  const [selected, setSelected] = useState(initial);
  const saving = useApi({
    duration: 5000,
    success: { title: successMessage },
    onSuccess: () => setSaved(selected),
  });
  const dirty = useMemo(() => selected.length !== saved.length || selected.some((t) => !saved.includes(t)), [selected, saved]);
  const save = () => saving.submit(endpoint, "PUT", { tags: selected });

  return (
    <Card title={title} testId={testId}>
      <p className="mb-3 text-sm text-zinc-400">{description}</p>
      <Chips all={all} selected={selected} onChange={setSelected} styles={styles} />
      <div className="mt-4 flex items-center gap-3">
        <button type="button" onClick={save} disabled={!dirty || saving.busy} className={buttonClass}>
          {saving.busy ? "Saving..." : "Save"}
        </button>
        {dirty && <p className="text-sm text-amber-300">{MESSAGES.account.unsavedChanges}</p>}
      </div>
    </Card>
  );
}
