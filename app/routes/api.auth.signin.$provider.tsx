import { redirect } from "react-router";
import type { ActionFunctionArgs } from "~/lib/http/route-args";
import { startSignIn } from "~/services/auth/flow.server";

export const loader = () => redirect("/api/auth/signin");

export async function action({ request, context, params }: ActionFunctionArgs) {
  return await startSignIn(request, context, params.provider ?? "");
}
