import * as Tabs from "@radix-ui/react-tabs";

const tab = "min-h-11 flex-1 rounded-md px-3 text-sm text-zinc-300 data-[state=active]:bg-zinc-800 data-[state=active]:text-white sm:min-h-9 sm:flex-none";

/** The row of tabs of a `Tabs.Root` (Radix): one look for the details panel and Mod Central. */
export function TabBar({ label, tabs }: { label: string; tabs: ({ value: string; label: string } | false)[] }) {
  return (
    <Tabs.List aria-label={label} className="flex gap-1 rounded-lg border border-zinc-800 p-1">
      {tabs.map(
        (t) =>
          t && (
            <Tabs.Trigger key={t.value} value={t.value} className={tab}>
              {t.label}
            </Tabs.Trigger>
          ),
      )}
    </Tabs.List>
  );
}
