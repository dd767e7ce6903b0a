import { useState } from "react";
import { api, logClient } from "~/lib/http/api-client";
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
const yesNo: Option<boolean>[] = [{ label: "Yes", value: true }, { label: "No", value: false }];

function Segmented<V extends string | boolean>({ label, value, options, onChange, className = "" }: { label: string; value: V; options: Option<V>[]; onChange: (v: V) => void; className?: string }) {
  return (
    <div className={`flex items-center justify-between gap-3 py-2 ${className}`} role="group" aria-label={label}>
      <span className="text-sm text-zinc-200">{label}</span>
      <div className="flex rounded-lg border border-zinc-700 p-0.5">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={o.value === value}
            onClick={() => onChange(o.value)}
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
  function set<K extends keyof Preferences>(key: K, value: Preferences[K]) {
    setPrefs((p) => ({ ...p, [key]: value }));
    void api("/api/preference", { method: "POST", body: { key, value } }).then((r) => {
      if (!r.ok) logClient("warn", "PREFERENCE_SAVE_FAILED", { key, status: r.status, error: r.error });
    });
  }
  return (
    <Card title="Preferences" testId="preferences-card">
      <div className="divide-y divide-zinc-800">
        <Segmented label="Image style" value={prefs.imageStyle} options={[{ label: "Anime", value: "Anime" }, { label: "Realistic", value: "Realistic" }]} onChange={(v) => set("imageStyle", v)} />
        <Segmented label="Show Images" value={prefs.showImages} options={yesNo} onChange={(v) => set("showImages", v)} />
        <Segmented label="Auto Image Generation" value={prefs.autoImageGeneration} options={yesNo} onChange={(v) => set("autoImageGeneration", v)} />
        {/* Safe Images "Yes" blurs NSFW thumbnails: it is the opposite of showNsfwThumbnails. */}
        <Segmented label="Safe Images" value={!prefs.showNsfwThumbnails} options={yesNo} onChange={(v) => set("showNsfwThumbnails", !v)} />
        <Segmented label="Image View" value={prefs.mobileImageView} options={[{ label: "In Chat", value: "In Chat" }, { label: "Background", value: "Background" }]} onChange={(v) => set("mobileImageView", v)} />
        <Segmented
          label="Chat Layout"
          className="hidden md:flex"
          value={prefs.chatLayout}
          options={[{ label: "Left", value: "Left" }, { label: "Centered", value: "Center" }, { label: "Right", value: "Right" }]}
          onChange={(v) => set("chatLayout", v)}
        />
        <Segmented label="Enter to Send" value={prefs.enterToSend} options={yesNo} onChange={(v) => set("enterToSend", v)} />
      </div>
    </Card>
  );
}
