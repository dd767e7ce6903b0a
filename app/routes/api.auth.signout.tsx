import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { requireCsrf } from "~/lib/csrf.server";
import { setFlash } from "~/lib/flash.server";
import { safeCallbackUrl } from "~/lib/safe-redirect";
import { destroySession } from "~/lib/session.server";
import { BRAND } from "~/spec/brand";

export const meta: MetaFunction = () => [{ title: `Sign out | ${BRAND}` }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { csrfToken: context.getCsrfToken() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData().catch(() => new FormData());
  await requireCsrf(request, context, form.get("csrfToken"));
  const clear = await destroySession(context, request);
  const headers = new Headers({ "Set-Cookie": clear });
  headers.append("Set-Cookie", await setFlash(context, request, { title: "Signed out", description: "See you soon." }));
  return redirect(safeCallbackUrl(form.get("callbackUrl"), new URL(request.url).origin), { headers });
}

export default function SignOutPage() {
  const { csrfToken } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 px-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-white">Sign out</h1>
      <p className="text-zinc-400">Are you sure you want to sign out?</p>
      <form method="post" onSubmit={() => window.localStorage.clear()}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500">
          Sign out
        </button>
      </form>
    </div>
  );
}

export const ErrorBoundary = RouteError;
