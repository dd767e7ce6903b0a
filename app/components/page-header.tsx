import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-white sm:text-3xl">{title}</h1>
      {children && <div className="mt-2 text-zinc-400">{children}</div>}
    </div>
  );
}
