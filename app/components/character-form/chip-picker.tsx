import { Chips } from "../ui/chips";

/** Toggle chips under a legend (the character's tags and content warnings). */
export function ChipPicker({ label, ...chips }: { label: string } & Parameters<typeof Chips>[0]) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{label}</legend>
      <Chips {...chips} />
    </fieldset>
  );
}
