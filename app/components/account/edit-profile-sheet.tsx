import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { profileUpdateSchema } from "~/lib/forms/account";
import { fieldErrors } from "~/lib/forms/errors";
import { LIMITS, NAME_KNOWN_TO_BOT_MAX } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { buttonClass, TextField } from "../ui/field";
import { Sheet } from "../ui/sheet";

type Profile = { name: string; description: string; persona: string; nameKnownToBot: string };

/** Edit Profile (a sheet from the left): only the fields that changed are sent. */
export function EditProfileSheet({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (open: boolean) => void; initial: Profile }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useApi({
    duration: 5000,
    onError: (error) => setErrors(error.fields ?? {}),
    success: { title: MESSAGES.account.profileUpdated },
    onSuccess: () => onOpenChange(false),
  });
  const bind = (key: keyof Profile) => ({ value: form[key], error: errors[key], onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })) });

  /** Only the fields that changed are sent, after the check the API makes too (spec section 5). */
  function save(event: React.FormEvent) {
    event.preventDefault();
    const changed = Object.fromEntries((Object.keys(form) as (keyof Profile)[]).filter((k) => form[k] !== initial[k]).map((k) => [k, form[k]]));
    if (Object.keys(changed).length === 0) return onOpenChange(false);
    const parsed = profileUpdateSchema.safeParse(changed);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    saving.submit("/api/profile/update", "PUT", parsed.data);
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      title="Edit Profile"
      description="How you appear to others and to the characters."
      testId="edit-profile-sheet"
    >
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        <TextField id="profile-name" label="Name" maxLength={LIMITS.displayNameMax} counter {...bind("name")} />
        <TextField id="profile-description" label="Description" rows={3} maxLength={LIMITS.descriptionMax} counter {...bind("description")} />
        <TextField id="profile-persona" label="Persona" rows={2} hint={MESSAGES.account.personaHint} {...bind("persona")} />
        <TextField
          id="profile-bot-name"
          label="Name known to the bot"
          maxLength={NAME_KNOWN_TO_BOT_MAX}
          counter
          hint="What characters call you."
          {...bind("nameKnownToBot")}
        />
        <button type="submit" disabled={saving.busy} className={buttonClass}>
          {saving.busy ? "Saving..." : "Save"}
        </button>
      </form>
    </Sheet>
  );
}
