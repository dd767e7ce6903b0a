import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useApi } from "~/hooks/use-api";
import { ACCOUNT_COPY as COPY } from "~/spec/pages";

/** "Signed in on N other browsers or devices", and the button that signs them all out (decision 026). */
export function OtherSessions() {
  const count = useFetcher<{ others?: number }>();
  const load = count.load;
  useEffect(() => {
    void load("/api/account/sessions");
  }, [load]);
  const others = count.data?.others ?? 0;
  const signOut = useApi({ onSuccess: () => load("/api/account/sessions"), success: { title: COPY.otherSessionsEnded } });
  return (
    <div className="flex flex-col items-start gap-1" data-testid="other-sessions">
      <p className="text-sm text-zinc-300">{COPY.otherSessions(others)}</p>
      {others > 0 && (
        <button
          type="button"
          className="text-sm text-zinc-100 hover:text-white"
          disabled={signOut.busy}
          onClick={() => signOut.submit("/api/account/sessions", "DELETE")}
        >
          {COPY.signOutOthers}
        </button>
      )}
    </div>
  );
}
