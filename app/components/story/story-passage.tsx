/** A passage as prose: its paragraphs, and a caret while it is being written. */
export function StoryPassage({ text, streaming }: { text: string; streaming?: boolean }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <div className="flex flex-col gap-3 font-serif text-[17px] leading-relaxed text-zinc-100">
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-wrap">
          {p}
          {streaming && i === paragraphs.length - 1 && <span className="ml-0.5 inline-block h-4 w-2 animate-pulse bg-zinc-400 align-middle" aria-hidden />}
        </p>
      ))}
      {streaming && !paragraphs.length && <span className="inline-block h-4 w-2 animate-pulse bg-zinc-400" aria-hidden />}
    </div>
  );
}
