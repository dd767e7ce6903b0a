import { Link } from "react-router";
import { useState } from "react";
import { useIsMobile } from "~/hooks/use-is-mobile";
import { useApi } from "~/hooks/use-api";
import { personaOverrideMax, personaPrefix, withoutPersonaPrefix } from "~/lib/forms/persona-prefix";
import { LIMITS } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { PERSONA_EDITOR_COPY as COPY } from "~/spec/pages";
import { CharCounter } from "../ui/char-counter";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/field";
import { Modal, Sheet } from "../ui/sheet";
import { UpgradeLink } from "~/components/upgrade-link";

type Props = {
  characterId: string;
  name: string;
  /** The character's own persona, as stored (with its prefix). */
  defaultPersona: string;
  /** The person's own version of it, or null. */
  override: string | null;
  /** Premium: may save their own version (others see the premium notice). */
  canEdit: boolean;
  /** What opens it: the Chat Settings tab's button, or the Overview's Edit link. */
  trigger: "button" | "edit";
};

/**
 * 'Edit {name}'s Persona' (a modal on desktop, a drawer on mobile), from the chat's settings and from
 * the Overview's Edit (spec section 4). Premium users save their own version of the character's
 * persona for their chats, or reset it; others see the premium notice.
 */
export function PersonaEditor({ characterId: id, name, defaultPersona: persona, override, canEdit, trigger }: Props) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(withoutPersonaPrefix(override ?? persona, name));
  const [kind, setKind] = useState<"save" | "reset">("save");
  const [confirm, setConfirm] = useState(false);
  const [notice, setNotice] = useState(false);
  const max = personaOverrideMax(persona);
  const room = max - personaPrefix(name).length;
  const over = text.length > room;
  const saving = useApi({
    errorTitle: MESSAGES.persona.errorTitle,
    fallback: MESSAGES.persona.error,
    duration: 3000,
    success: { title: MESSAGES.persona.successTitle, description: MESSAGES.persona.success },
    onSuccess: () => {
      if (kind === "reset") setText(withoutPersonaPrefix(persona, name));
      setOpen(false);
    },
  });
  const busy = saving.busy ? kind : null;

  function submit(value: string | null, next: "save" | "reset") {
    setKind(next);
    saving.submit(`/api/chat/update?characterId=${id}`, "POST", { id, persona: value });
  }

  const body = (
    <div className="flex flex-col gap-3">
      <label htmlFor="persona-editor-text" className="sr-only">
        {COPY.label(name)}
      </label>
      <textarea id="persona-editor-text" rows={10} value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />
      <div className="flex items-center justify-between">
        <CharCounter value={text} max={room} />
        <div className="flex gap-2">
          <button type="button" disabled={!!busy} onClick={() => (canEdit ? setConfirm(true) : setNotice(true))} className={secondaryButtonClass}>
            {busy === "reset" ? COPY.resetting : COPY.reset}
          </button>
          <button type="button" disabled={over || !!busy} onClick={() => (canEdit ? submit(text, "save") : setNotice(true))} className={buttonClass}>
            {busy === "save" ? COPY.saving : COPY.save}
          </button>
        </div>
      </div>
      {over && (
        <p role="alert" className="rounded-md border border-red-800 bg-red-950/50 px-3 py-2 text-sm text-red-100" data-testid="persona-too-long">
          <strong className="font-semibold">{MESSAGES.persona.tooLongTitle}</strong>{" "}
          {max === LIMITS.personaMax ? MESSAGES.persona.tooLong : MESSAGES.persona.tooLongFor(max)}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-md border border-brand-800 bg-brand-950/40 px-3 py-2 text-sm text-zinc-100" data-testid="premium-notice">
          Editing a character's persona is a premium feature.{" "}
          <UpgradeLink from="persona" className="font-semibold underline">
            Subscribe
          </UpgradeLink>{" "}
          to make {name} yours, or{" "}
          <Link to="/faq" className="underline">
            Learn more
          </Link>
          .
        </p>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={COPY.resetTitle}
        description={COPY.resetText(name)}
        confirmLabel={COPY.resetConfirm}
        onConfirm={() => submit(null, "reset")}
      />
    </div>
  );
  const title = COPY.title(name);
  const description = COPY.description(name);
  return (
    <>
      {trigger === "button" ? (
        <button type="button" onClick={() => setOpen(true)} className={`${secondaryButtonClass} self-start`}>
          {title}
        </button>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="text-sm text-brand-300 underline" aria-label={title}>
          Edit
        </button>
      )}
      {isMobile ? (
        <Sheet open={open} onOpenChange={setOpen} side="bottom" title={title} description={description} testId="persona-editor">
          {body}
        </Sheet>
      ) : (
        <Modal open={open} onOpenChange={setOpen} title={title} description={description} testId="persona-editor" wide>
          {body}
        </Modal>
      )}
    </>
  );
}
