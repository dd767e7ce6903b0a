import type { ReactNode } from "react";
import { UpgradeLink } from "~/components/upgrade-link";
import type { UpgradePlace } from "~/lib/upgrade-places";

/**
 * Why a form was not taken, read out as it appears (role="alert"), with an Upgrade link when a tier's
 * limit or the allowance is what stopped it. Nothing shows when there is no problem.
 */
export function FormProblem({ children, upgradeFrom }: { children: ReactNode; upgradeFrom?: UpgradePlace | null }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-400">
      {children}
      {upgradeFrom && (
        <>
          {" "}
          <UpgradeLink from={upgradeFrom} className="font-semibold text-brand-300 underline">
            Upgrade
          </UpgradeLink>
        </>
      )}
    </p>
  );
}
