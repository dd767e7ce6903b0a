import { Link } from "react-router";
import { BRAND } from "~/spec/brand";

export function BrandMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <defs>
        <linearGradient id="rv-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="15" fill="url(#rv-g)" />
      <path d="M20.5 7.5a9 9 0 1 0 4 12.2A7 7 0 0 1 20.5 7.5Z" fill="#18181b" />
    </svg>
  );
}

export function BrandLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="flex min-h-11 items-center gap-2 text-lg font-bold tracking-tight text-white">
      <BrandMark />
      <span>{BRAND}</span>
    </Link>
  );
}
