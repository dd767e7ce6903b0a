import { Link } from "@remix-run/react";
import { useState } from "react";
import { useIsMobile } from "~/hooks/use-is-mobile";
import { useApi } from "~/hooks/use-api";
import { personaOverrideMax, personaPrefix } from "~/lib/forms/persona-prefix";
import type { ChatPageData } from "~/models/chat-page.server";
import { MESSAGES } from "~/spec/messages";
import { CharCounter } from "../ui/char-counter";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/field";
import { Modal, Sheet } from "../ui/sheet";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
const withoutPrefix = (persona: string, name: string) => (persona.startsWith(personaPrefix(name)) ? persona.slice(personaPrefix(name).length) : persona);

/**
 * 'Edit {name}'s Persona' (a modal on desktop, a drawer on mobile). Premium users save their own
 * version of the character's persona for their chats, or reset it; others see the premium notice.
 */
export function PersonaEditor({ page }: { page: SignedInPage }) {
  const { name, id, persona } = page.character;
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(withoutPrefix(page.settings.personaOverride ?? persona, name));
  const [kind, setKind] = useState<"save" | "reset">("save");
  const [confirm, setConfirm] = useState(false);
  const [notice, setNotice] = useState(false);
  const room = personaOverrideMax(persona) - personaPrefix(name).length;
  const over = text.length > room;
  const saving = useApi({
    errorTitle: MESSAGES.persona.errorTitle,
    fallback: MESSAGES.persona.error,
    duration: 3000,
    success: { title: MESSAGES.persona.successTitle, description: MESSAGES.persona.success },
    onSuccess: () => {
      if (kind === "reset") setText(withoutPrefix(persona, name));
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
        {name}'s persona
      </label>
      <textarea id="persona-editor-text" rows={10} value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />
      <div className="flex items-center justify-between">
        <CharCounter value={text} max={room} />
        <div className="flex gap-2">
          <button type="button" disabled={!!busy} onClick={() => (page.can.editPersona ? setConfirm(true) : setNotice(true))} className={secondaryButtonClass}>
            {busy === "reset" ? "Resetting..." : "Reset to default"}
          </button>
          <button
            type="button"
            disabled={over || !!busy}
            onClick={() => (page.can.editPersona ? submit(text, "save") : setNotice(true))}
            className={buttonClass}
          >
            {busy === "save" ? "Saving..." : "Save changes"}
          </button>
        </div>
      </div>
      {notice && (
        <p role="status" className="rounded-md border border-brand-800 bg-brand-950/40 px-3 py-2 text-sm text-zinc-100" data-testid="premium-notice">
          Editing a character's persona is a premium feature.{" "}
          <Link to="/pricing" className="font-semibold underline">
            Subscribe
          </Link>{" "}
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
        title="Reset to Default Persona?"
        description={`Your changes to ${name}'s persona will be replaced by the original.`}
        confirmLabel="Reset"
        onConfirm={() => submit(null, "reset")}
      />
    </div>
  );
  const title = `Edit ${name}'s Persona`;
  const description = `Customize how ${name} behaves and responds to you`;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButtonClass} self-start`}>
        {title}
      </button>
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
