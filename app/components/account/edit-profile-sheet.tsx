import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { profileUpdateSchema } from "~/lib/forms/account";
import { fieldErrors } from "~/lib/forms/errors";
import { toast } from "~/lib/toast";
import { LIMITS, NAME_KNOWN_TO_BOT_MAX } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { CharCounter } from "../ui/char-counter";
import { buttonClass, Field, inputClass } from "../ui/field";
import { Sheet } from "../ui/sheet";

type Profile = { name: string; description: string; persona: string; nameKnownToBot: string };

/** Edit Profile (a sheet from the left): only the fields that changed are sent. */
export function EditProfileSheet({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (open: boolean) => void; initial: Profile }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useApi({
    duration: 5000,
    onError: (error) => setErrors(error.fields ?? {}),
    onSuccess: () => {
      toast({ title: MESSAGES.account.profileUpdated, variant: "success" });
      onOpenChange(false);
    },
  });
  const change = (key: keyof Profile) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

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
        <Field label="Name" htmlFor="profile-name" counter={<CharCounter value={form.name} max={LIMITS.displayNameMax} />} error={errors.name}>
          <input id="profile-name" value={form.name} maxLength={LIMITS.displayNameMax} onChange={change("name")} className={inputClass} />
        </Field>
        <Field
          label="Description"
          htmlFor="profile-description"
          counter={<CharCounter value={form.description} max={LIMITS.descriptionMax} />}
          error={errors.description}
        >
          <textarea
            id="profile-description"
            rows={3}
            value={form.description}
            maxLength={LIMITS.descriptionMax}
            onChange={change("description")}
            className={inputClass}
          />
        </Field>
        <Field label="Persona" htmlFor="profile-persona" hint={MESSAGES.account.personaHint}>
          <textarea id="profile-persona" rows={2} value={form.persona} onChange={change("persona")} className={inputClass} />
        </Field>
        <Field
          label="Name known to the bot"
          htmlFor="profile-bot-name"
          counter={<CharCounter value={form.nameKnownToBot} max={NAME_KNOWN_TO_BOT_MAX} />}
          hint="What characters call you."
        >
          <input
            id="profile-bot-name"
            value={form.nameKnownToBot}
            maxLength={NAME_KNOWN_TO_BOT_MAX}
            onChange={change("nameKnownToBot")}
            className={inputClass}
          />
        </Field>
        <button type="submit" disabled={saving.busy} className={buttonClass}>
          {saving.busy ? "Saving..." : "Save"}
        </button>
      </form>
    </Sheet>
  );
}
