import { MESSAGES } from "~/spec/messages";
import { Card } from "../ui/field";
import { LocalTime } from "../ui/local-time";
import { UpgradeLink } from "~/components/upgrade-link";

/** Messages left for users without an active subscription, when it resets, and the way up. */
export function AllowanceCard({ token, resetAt }: { token: number; resetAt: string }) {
  return (
    <Card title="Messages left" testId="allowance-card">
      <p className="text-3xl font-bold text-white" data-testid="tokens-left">
        {token}
      </p>
      <p className="mt-1 text-sm text-zinc-400">
        {MESSAGES.account.resetsAt} <LocalTime iso={resetAt} />
      </p>
      <UpgradeLink from="allowance" className="mt-3 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Upgrade
      </UpgradeLink>
    </Card>
  );
}
