import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/services/root-data.server";

export function useRootData() {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data is missing");
  return data;
}

export type RootUser = NonNullable<ReturnType<typeof useRootData>["user"]>;
