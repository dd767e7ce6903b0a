import { BRAND } from "~/spec/brand";
import { LogoutButton } from "./logout-button";

/** A banned user sees only this (spec section 2). */
export function BanScreen({ supportEmail }: { supportEmail: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4" data-testid="ban-screen">
      <div className="max-w-md rounded-xl border border-red-900 bg-red-950/40 p-8 text-center">
        <h1 className="text-2xl font-bold text-white">Your account has been banned</h1>
        <p className="mt-3 text-zinc-300">
          You can no longer use {BRAND}. If you think this is a mistake, contact support at{" "}
          <a href={`mailto:${supportEmail}`} className="text-brand-300 underline">
            {supportEmail}
          </a>
          .
        </p>
        <LogoutButton className="mt-6 rounded-md border border-zinc-700 px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800" />
      </div>
    </main>
  );
}
