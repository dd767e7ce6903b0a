import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("Root data is missing");
  return data;
}

export type RootUser = NonNullable<ReturnType<typeof useRootData>["user"]>;
