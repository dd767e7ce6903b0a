import { useState } from "react";

export type Allowance = { unlimited: boolean; remaining: number; resetAt: string | null };

/**
 * What is left of the person's messages on a chat or group page, and the three ways it changes there
 * (useChat's options): a send counted by the page itself, a refusal saying none are left, and the
 * figure the person's object tells every open page.
 */
export function useAllowance(initial: Allowance | null) {
  const [allowance, setAllowance] = useState(initial);
  const changes = {
    onAllowanceSpent: () => setAllowance((a) => (a && !a.unlimited ? { ...a, remaining: Math.max(0, a.remaining - 1) } : a)),
    onAllowanceEmpty: (resetAt: string | null) => setAllowance((a) => (a ? { ...a, remaining: 0, resetAt: resetAt ?? a.resetAt } : a)),
    onAllowance: ({ remaining, resetAt }: { remaining: number; resetAt: string }) =>
      setAllowance((a) => (a && !a.unlimited ? { ...a, remaining, resetAt } : a)),
  };
  return [allowance, changes] as const;
}
