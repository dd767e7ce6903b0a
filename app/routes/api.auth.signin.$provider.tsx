import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { startSignIn } from "~/lib/auth/flow.server";

export const loader = () => redirect("/api/auth/signin");

export async function action({ request, context, params }: ActionFunctionArgs) {
  return await startSignIn(request, context, params.provider ?? "");
}
