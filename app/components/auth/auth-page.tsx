import type { ReactNode } from "react";

/** A narrow page of the sign-in flow (check your email, sign out, sign-in error): a heading and its content. */
export function AuthPage({ title, centered, errorCode, children }: { title: string; centered?: boolean; errorCode?: string; children: ReactNode }) {
  return (
    <div className={`mx-auto flex max-w-md flex-col gap-5 px-4 py-12 ${centered ? "text-center" : ""}`} data-error-code={errorCode}>
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      {children}
    </div>
  );
}
