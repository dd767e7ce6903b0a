import { useApi } from "~/hooks/use-api";
import { logClient } from "~/lib/browser/api-client";
import type { PreferenceKey } from "~/lib/forms/preference";

/**
 * Saves one preference (POST /api/preference). Each key has its own fetcher, so quick changes to
 * different preferences do not cancel each other. Failures are only logged (spec section 7).
 */
export function usePreference(key: PreferenceKey, onSaved?: () => void) {
  const call = useApi({
    onSuccess: onSaved,
    onError: (error) => {
      logClient("warn", "PREFERENCE_SAVE_FAILED", { key, code: error.code, message: error.message });
      return false;
    },
  });
  return (value: unknown) => call.submit("/api/preference", "POST", { key, value });
}
