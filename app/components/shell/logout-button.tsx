import { Form } from "react-router";
import { useRootData } from "~/hooks/use-root-data";

/** Logout clears local storage, then signs out (spec section 2). */
export function LogoutButton({ className }: { className?: string }) {
  const { csrfToken } = useRootData();
  return (
    <Form method="post" action="/api/auth/signout" reloadDocument onSubmit={() => window.localStorage.clear()}>
      <input type="hidden" name="csrfToken" value={csrfToken ?? ""} />
      <input type="hidden" name="callbackUrl" value="/" />
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}
