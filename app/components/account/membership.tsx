import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { LIMITS, TIMING } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { CharCounter } from "../ui/char-counter";
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from "../ui/field";
import { Sheet } from "../ui/sheet";

/** Step one sends a code to the Patreon email, step two verifies it; the page reloads 5 s after success. */
export function ConnectPatreonSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [connected, setConnected] = useState(false);
  const sending = useApi({
    duration: 5000,
    success: { title: MESSAGES.account.patreonCodeSent },
    onSuccess: () => setSent(true),
  });
  const verifying = useApi({
    duration: 5000,
    success: { title: MESSAGES.account.connected },
    onSuccess: () => {
      setConnected(true);
      setTimeout(() => window.location.reload(), TIMING.membershipConnectReloadMs);
    },
  });
  const busy = sending.busy || verifying.busy || connected;

  function sendCode(event: React.FormEvent) {
    event.preventDefault();
    sending.submit("/api/profile/connect/email", "PUT", { patreonEmail: email });
  }

  function verify(event: React.FormEvent) {
    event.preventDefault();
    verifying.submit("/api/profile/connect/code", "PUT", { code, patreonEmail: email });
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Connect Patreon"
      description="Use the email of your Patreon account. We send it a 6-digit code."
      testId="connect-sheet"
    >
      <form onSubmit={sendCode} className="flex flex-col gap-3">
        <Field label="Patreon email" htmlFor="patreon-email" counter={<CharCounter value={email} max={LIMITS.membershipEmailMax} />}>
          <input
            id="patreon-email"
            type="email"
            required
            maxLength={LIMITS.membershipEmailMax}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </Field>
        <button type="submit" disabled={busy || !email} className={sent ? secondaryButtonClass : buttonClass}>
          {sent ? "Send a new code" : "Send code"}
        </button>
      </form>
      {sent && (
        <form onSubmit={verify} className="mt-6 flex flex-col gap-3">
          <Field label="Code" htmlFor="patreon-code" hint="The 6 digits from the email.">
            <input
              id="patreon-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={inputClass}
            />
          </Field>
          <button type="submit" disabled={busy || !code} className={buttonClass}>
            Connect
          </button>
        </form>
      )}
    </Sheet>
  );
}

/** For users without an active subscription: how membership access works. */
export function MembershipAccessHelp({ membershipUrl, onConnect }: { membershipUrl: string; onConnect: () => void }) {
  return (
    <Card testId="membership-help">
      <details>
        <summary className="cursor-pointer font-semibold text-white">How do I get membership access?</summary>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-zinc-300">
          <li>
            Subscribe to SILVER or GOLD on{" "}
            <a href={membershipUrl} target="_blank" rel="noreferrer" className="text-brand-300 underline">
              our Patreon page
            </a>
            .
          </li>
          <li>Connect the email of your Patreon account here. We send it a 6-digit code to confirm it is yours.</li>
          <li>Your tier appears on this page as soon as Patreon tells us about your pledge.</li>
        </ol>
        <button type="button" onClick={onConnect} className={`${buttonClass} mt-4`}>
          Connect Patreon
        </button>
      </details>
    </Card>
  );
}

export function ManageSubscriptionCard({ billingUrl }: { billingUrl: string }) {
  return (
    <Card title="Manage Subscription" testId="manage-subscription">
      <p className="text-sm text-zinc-400">Change or cancel your membership in Patreon's billing settings.</p>
      <a href={billingUrl} target="_blank" rel="noreferrer" className={`${secondaryButtonClass} mt-3 inline-block`}>
        Manage Subscription
      </a>
    </Card>
  );
}

export function ConnectionsCard({ connections, onConnect }: { connections: { id: string; patreonEmail: string }[]; onConnect: () => void }) {
  return (
    <Card
      title="Connections"
      testId="connections-card"
      action={
        <button type="button" onClick={onConnect} className="text-sm text-brand-300 underline">
          Add
        </button>
      }
    >
      <ul className="flex flex-col gap-1 text-sm text-zinc-300">
        {connections.map((c) => (
          <li key={c.id}>Patreon: {c.patreonEmail}</li>
        ))}
      </ul>
    </Card>
  );
}
