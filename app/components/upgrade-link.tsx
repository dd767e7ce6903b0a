import { Link } from "react-router";
import type { ReactNode } from "react";
import type { UpgradePlace } from "~/lib/upgrade-places";

/**
 * An Upgrade button: a link to /pricing that also sends the analytics event of spec section 7 (a
 * beacon, so leaving the page does not lose it and the click is never held up).
 */
export function UpgradeLink({ from, className, children }: { from: UpgradePlace; className?: string; children: ReactNode }) {
  return (
    <Link
      to="/pricing"
      className={className}
      onClick={() => navigator.sendBeacon?.("/api/events", new Blob([JSON.stringify({ kind: "upgrade_click", from })], { type: "text/plain" }))}
    >
      {children}
    </Link>
  );
}
