import { useState } from "react";
import { ChipPicker } from "~/components/character-form/chip-picker";
import { buttonClass, inputClass } from "~/components/ui/field";
import { Modal } from "~/components/ui/sheet";
import { MOD_CENTRAL_COPY } from "~/spec/moderation";
import { CHARACTER_LIMITS } from "~/lib/forms/character";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, CONTENT_TAG_STYLES } from "~/spec/tags";

type Picked = { tags: string[]; contentTags: string[] };

/**
 * A moderator sets a reported character's tags and content warnings (the `tags` moderation action):
 * they hold until a moderator lifts them, and the note goes to the audit log and to the owner.
 */
export function TagsDialog({
  open,
  onOpenChange,
  title,
  initial,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial: Picked;
  onConfirm: (picked: Picked, note: string) => void;
}) {
  const [picked, setPicked] = useState(initial);
  const [note, setNote] = useState("");
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description="The owner cannot change these until a moderator lifts them.">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(picked, note.trim());
          onOpenChange(false);
        }}
      >
        <ChipPicker
          label="Tags"
          all={CHARACTER_TAG_NAMES}
          selected={picked.tags}
          onChange={(tags) => setPicked({ ...picked, tags })}
          max={CHARACTER_LIMITS.tags}
        />
        <ChipPicker
          label="Content warnings"
          all={CONTENT_TAG_NAMES}
          selected={picked.contentTags}
          styles={CONTENT_TAG_STYLES}
          onChange={(contentTags) => setPicked({ ...picked, contentTags })}
        />
        <label htmlFor="tags-note" className="text-sm font-medium text-zinc-200">
          {MOD_CENTRAL_COPY.noteLabel}
        </label>
        <textarea id="tags-note" rows={2} className={inputClass} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className={`${buttonClass} min-h-11 self-end`}>
          {MOD_CENTRAL_COPY.editTags}
        </button>
      </form>
    </Modal>
  );
}
