import { useState } from "react";
import { usePreference } from "~/hooks/use-preference";
import type { PreferenceKey } from "~/lib/forms/preference";
import { CHAT_LAYOUTS, IMAGE_STYLES, IMAGE_VIEWS } from "~/spec/preferences";
import { Card } from "../ui/field";

export type Preferences = {
  imageStyle: "Anime" | "Realistic";
  showImages: boolean;
  autoImageGeneration: boolean;
  showNsfwThumbnails: boolean;
  mobileImageView: "In Chat" | "Background";
  chatLayout: "Left" | "Center" | "Right";
  enterToSend: boolean;
};

type Value = string | boolean;
type Option = { label: string; value: Value };
const yesNo: Option[] = [
  { label: "Yes", value: true },
  { label: "No", value: false },
];
const choices = (values: readonly string[], labels: Record<string, string> = {}) => values.map((value) => ({ label: labels[value] ?? value, value }));

type Row = { key: keyof Preferences & PreferenceKey; label: string; options: Option[]; inverted?: boolean; className?: string };
const ROWS: Row[] = [
  { key: "imageStyle", label: "Image style", options: choices(IMAGE_STYLES) },
  { key: "showImages", label: "Show Images", options: yesNo },
  { key: "autoImageGeneration", label: "Auto Image Generation", options: yesNo },
  // Safe Images "Yes" blurs NSFW thumbnails: it is the opposite of showNsfwThumbnails.
  { key: "showNsfwThumbnails", label: "Safe Images", options: yesNo, inverted: true },
  { key: "mobileImageView", label: "Image View", options: choices(IMAGE_VIEWS) },
  { key: "chatLayout", label: "Chat Layout", options: choices(CHAT_LAYOUTS, { Center: "Centered" }), className: "hidden md:flex" },
  { key: "enterToSend", label: "Enter to Send", options: yesNo },
];

/** One preference as a row of buttons; a click applies it at once and saves it. */
function Segmented({ row, value, onChange }: { row: Row; value: Value; onChange: (stored: Value) => void }) {
  const save = usePreference(row.key);
  const shown = row.inverted ? !value : value;
  return (
    <div className={`flex items-center justify-between gap-3 py-2 ${row.className ?? ""}`} role="group" aria-label={row.label}>
      <span className="text-sm text-zinc-200">{row.label}</span>
      <div className="flex rounded-lg border border-zinc-700 p-0.5">
        {row.options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={o.value === shown}
            onClick={() => {
              const stored = row.inverted ? !o.value : o.value;
              onChange(stored);
              save(stored);
            }}
            className={`rounded-md px-3 py-1 text-sm ${o.value === shown ? "bg-brand-600 text-white" : "text-zinc-300 hover:bg-zinc-800"}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Preferences apply at once on click and persist through POST /api/preference; failures are only logged. */
export function PreferencesCard({ initial }: { initial: Preferences }) {
  const [prefs, setPrefs] = useState(initial);
  return (
    <Card title="Preferences" testId="preferences-card">
      <div className="divide-y divide-zinc-800">
        {ROWS.map((row) => (
          <Segmented key={row.key} row={row} value={prefs[row.key]} onChange={(stored) => setPrefs((p) => ({ ...p, [row.key]: stored }))} />
        ))}
      </div>
    </Card>
  );
}
