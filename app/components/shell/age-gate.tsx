import * as Dialog from "@radix-ui/react-dialog";
import { Link, useRevalidator } from "react-router";
import type { ReactNode } from "react";
import { READABLE_WITHOUT_AGE, readableWithoutAge, rememberAge, type AgeAnswer } from "~/lib/age-gate";
import { AGE_GATE_COPY as COPY, WRITTEN_PAGES } from "~/spec/pages";
import { buttonClass, secondaryButtonClass } from "../ui/field";

/** Answers the gate: the cookie is written, then the page's data is loaded again for that answer. */
function useAnswer() {
  const { revalidate } = useRevalidator();
  return (answer: "adult" | "declined") => {
    rememberAge(answer);
    void revalidate();
  };
}

/**
 * What a guest sees before answering (the page, blurred and out of reach, under the question) and
 * after declining (nothing adult: a notice, and the written pages only). Adults see the page.
 */
export function AgeGate({ age, pathname, children }: { age: AgeAnswer; pathname: string; children: ReactNode }) {
  const answer = useAnswer();
  if (age === "adult" || (age === "declined" && readableWithoutAge(pathname))) return <>{children}</>;
  if (age === "declined")
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center" data-testid="adults-only">
        <h1 className="text-2xl font-bold text-white">{COPY.declinedTitle}</h1>
        <p className="text-zinc-300">{COPY.declinedText}</p>
        <nav className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {Object.entries(READABLE_WITHOUT_AGE).map(([to, page]) => (
            <Link key={to} to={to} className="text-brand-300 underline">
              {WRITTEN_PAGES[page].title}
            </Link>
          ))}
        </nav>
        <button type="button" onClick={() => answer("adult")} className={secondaryButtonClass}>
          {COPY.changedMind}
        </button>
      </section>
    );
  return (
    <>
      {/* React 18 passes `inert` through as a plain attribute; an empty string turns it on. */}
      <div {...{ inert: "" }} className="pointer-events-none select-none blur-md" aria-hidden>
        {children}
      </div>
      <Dialog.Root open>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
          <Dialog.Content
            data-testid="age-gate"
            onEscapeKeyDown={(e) => e.preventDefault()}
            onPointerDownOutside={(e) => e.preventDefault()}
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-950 p-6 shadow-2xl focus:outline-none"
          >
            <Dialog.Title className="text-xl font-semibold text-white">{COPY.title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-zinc-300">{COPY.text}</Dialog.Description>
            <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
              <button type="button" onClick={() => answer("adult")} className={`${buttonClass} min-h-11 flex-1`}>
                {COPY.confirm}
              </button>
              <button type="button" onClick={() => answer("declined")} className={`${secondaryButtonClass} min-h-11 flex-1`}>
                {COPY.decline}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
