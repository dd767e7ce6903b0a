import { useState } from "react";
import { CHAT_MODELS } from "~/spec/models";
import { TAG_GUIDANCE } from "~/spec/tags";
import { Modal } from "../ui/sheet";

function HelpButton({ label, title, children }: { label: string; title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-sm text-brand-300 underline">
        {label}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={title}>
        {children}
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="mt-4 rounded-md border border-zinc-700 px-4 py-2 text-sm text-zinc-100 hover:bg-zinc-800"
        >
          Close
        </button>
      </Modal>
    </>
  );
}

export function ModelHelp() {
  return (
    <HelpButton label="About the models" title="Chat models">
      <ul className="flex flex-col gap-2 text-sm text-zinc-300">
        {CHAT_MODELS.map((m) => (
          <li key={m.name}>
            <strong className="text-white">{m.name}</strong>: {m.description}
          </li>
        ))}
      </ul>
    </HelpButton>
  );
}

export function CategoryTagHelp() {
  return (
    <HelpButton label="About category tags" title="Category tags">
      <p className="text-sm text-zinc-300">
        Characters are sorted into categories by their tags. Tags you exclude here never show up in your lists. Content tags warn about themes some people
        prefer to avoid.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-zinc-300">
        {TAG_GUIDANCE.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
    </HelpButton>
  );
}
