import { useState } from "react";
import { usePreference } from "~/hooks/use-preference";
import type { PreferenceKey } from "~/lib/forms/preference";
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

type Option<V> = { label: string; value: V };
const yesNo: Option<boolean>[] = [
  { label: "Yes", value: true },
  { label: "No", value: false },
];

function Segmented<V extends string | boolean>({
  label,
  prefKey,
  value,
  options,
  onChange,
  stored = (v) => v,
  className = "",
}: {
  label: string;
  prefKey: PreferenceKey;
  value: V;
  options: Option<V>[];
  onChange: (v: V) => void;
  /** The value saved for the choice (Safe Images saves the opposite flag). */
  stored?: (v: V) => unknown;
  className?: string;
}) {
  const save = usePreference(prefKey);
  return (
    <div className={`flex items-center justify-between gap-3 py-2 ${className}`} role="group" aria-label={label}>
      <span className="text-sm text-zinc-200">{label}</span>
      <div className="flex rounded-lg border border-zinc-700 p-0.5">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={o.value === value}
            onClick={() => {
              onChange(o.value);
              save(stored(o.value));
            }}
            className={`rounded-md px-3 py-1 text-sm ${o.value === value ? "bg-brand-600 text-white" : "text-zinc-300 hover:bg-zinc-800"}`}
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
  const set =
    <K extends keyof Preferences>(key: K) =>
    (value: Preferences[K]) =>
      setPrefs((p) => ({ ...p, [key]: value }));
  return (
    <Card title="Preferences" testId="preferences-card">
      <div className="divide-y divide-zinc-800">
        <Segmented
          label="Image style"
          prefKey="imageStyle"
          value={prefs.imageStyle}
          options={[
            { label: "Anime", value: "Anime" },
            { label: "Realistic", value: "Realistic" },
          ]}
          onChange={set("imageStyle")}
        />
        <Segmented label="Show Images" prefKey="showImages" value={prefs.showImages} options={yesNo} onChange={set("showImages")} />
        <Segmented
          label="Auto Image Generation"
          prefKey="autoImageGeneration"
          value={prefs.autoImageGeneration}
          options={yesNo}
          onChange={set("autoImageGeneration")}
        />
        {/* Safe Images "Yes" blurs NSFW thumbnails: it is the opposite of showNsfwThumbnails. */}
        <Segmented
          label="Safe Images"
          prefKey="showNsfwThumbnails"
          value={!prefs.showNsfwThumbnails}
          options={yesNo}
          onChange={(v) => set("showNsfwThumbnails")(!v)}
          stored={(v) => !v}
        />
        <Segmented
          label="Image View"
          prefKey="mobileImageView"
          value={prefs.mobileImageView}
          options={[
            { label: "In Chat", value: "In Chat" },
            { label: "Background", value: "Background" },
          ]}
          onChange={set("mobileImageView")}
        />
        <Segmented
          label="Chat Layout"
          prefKey="chatLayout"
          className="hidden md:flex"
          value={prefs.chatLayout}
          options={[
            { label: "Left", value: "Left" },
            { label: "Centered", value: "Center" },
            { label: "Right", value: "Right" },
          ]}
          onChange={set("chatLayout")}
        />
        <Segmented label="Enter to Send" prefKey="enterToSend" value={prefs.enterToSend} options={yesNo} onChange={set("enterToSend")} />
      </div>
    </Card>
  );
}
