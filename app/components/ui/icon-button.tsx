/** A square button with a stroked 24px icon (one SVG path) and a label for screen readers. */
export function IconButton({ label, path, onClick, className = "" }: { label: string; path: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md text-zinc-300 hover:bg-zinc-800 hover:text-white ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d={path} />
      </svg>
    </button>
  );
}
