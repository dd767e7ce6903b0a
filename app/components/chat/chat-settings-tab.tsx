import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BUBBLE_COLORS, CHAT_LAYOUTS, CHAT_UIS, IMAGE_MODES, IMAGE_STYLES, IMAGE_VIEWS } from "~/db/schema";
import { api } from "~/lib/http/api-client";
import { canUseModel } from "~/lib/auth/capabilities";
import { toast } from "~/lib/toast";
import type { ChatPageData } from "~/routes/characters.chat.$id";
import { MESSAGES } from "~/spec/messages";
import { CHAT_MODELS, clampLength, DEFAULT_SETTINGS_MODEL, maxResponseLength, RESPONSE_LENGTH } from "~/spec/models";
import { ORIGINAL_VOICE_LABEL, VOICES } from "~/spec/voices";
import { inputClass, secondaryButtonClass } from "../ui/field";
import { VoiceOptions } from "../ui/voice-options";
import { customPromptKey } from "./use-chat";
import { PersonaEditor } from "./persona-editor";
import { DEFAULT_SAMPLER, readSamplerSettings, writeSamplerSettings } from "./sampler-settings";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
const RELOAD_DELAY_MS = 500;

function Choice<T extends string>({ label, value, options, onChange, id }: { label: string; value: T; options: readonly T[]; onChange: (v: T) => void; id: string }) {
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-zinc-300">
      {label}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={inputClass}>
        {options.map((o) => (
          <option key={o} value={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}

/**
 * The Chat Settings tab: model and response length, voice, and the chat's look. Model and voice are
 * saved per character on the server; the look is the account's preferences; the response length
 * stays in this browser (samplerSettings). After a save the page's data is refreshed in place.
 */
export function ChatSettingsTab({ page }: { page: SignedInPage }) {
  const revalidator = useRevalidator();
  const [model, setModel] = useState(page.settings.model);
  const [length, setLength] = useState(DEFAULT_SAMPLER.responseLength);
  const [prefs, setPrefs] = useState(page.prefs);
  const [customPrompt, setCustomPrompt] = useState("");
  const [saving, setSaving] = useState(false);
  const characterId = page.character.id;
  const url = `/api/chat/update?characterId=${characterId}`;

  useEffect(() => {
    setLength(clampLength(page.settings.model, readSamplerSettings().responseLength));
    if (page.can.customSystemPrompt) setCustomPrompt(localStorage.getItem(customPromptKey(characterId)) ?? "");
  }, [characterId, page.can.customSystemPrompt, page.settings.model]);

  const refreshSoon = () => setTimeout(() => revalidator.revalidate(), RELOAD_DELAY_MS);

  async function saveModel() {
    setSaving(true);
    const result = await api(url, { method: "PUT", body: { model } });
    setSaving(false);
    if (!result.ok) return toast({ title: MESSAGES.model.saveErrorTitle, description: result.error || MESSAGES.model.saveError, variant: "destructive" });
    writeSamplerSettings({ ...readSamplerSettings(), responseLength: length });
    toast({ title: MESSAGES.model.savedTitle, description: MESSAGES.model.saved, variant: "success" });
    refreshSoon();
  }

  async function saveVoice(voice: string | null) {
    const result = await api(url, { method: "PUT", body: { voice } });
    if (!result.ok) return toast({ title: MESSAGES.generic.errorTitle, description: result.error || "Failed to update voice", variant: "destructive" });
    refreshSoon();
  }

  async function resetDefaults() {
    const fallback = page.character.defaultModel ?? DEFAULT_SETTINGS_MODEL;
    const result = await api(url, { method: "PUT", body: { model: fallback } });
    if (!result.ok) return toast({ title: MESSAGES.model.resetErrorTitle, description: result.error || MESSAGES.model.resetError, variant: "destructive" });
    writeSamplerSettings(DEFAULT_SAMPLER);
    setModel(fallback as typeof model);
    setLength(clampLength(fallback, DEFAULT_SAMPLER.responseLength));
    toast({ title: MESSAGES.model.resetTitle, description: MESSAGES.model.reset, variant: "success" });
    refreshSoon();
  }

  async function setPreference<K extends keyof typeof prefs>(key: K, value: (typeof prefs)[K]) {
    setPrefs((p) => ({ ...p, [key]: value }));
    const result = await api("/api/preference", { method: "POST", body: { key, value } });
    if (result.ok) revalidator.revalidate();
  }

  const max = maxResponseLength(model);
  return (
    <div className="flex flex-col gap-5 text-sm" data-testid="chat-settings">
      <section className="flex flex-col gap-3">
        <label htmlFor="cs-model" className="flex flex-col gap-1 text-zinc-300">
          Model
          <select
            id="cs-model"
            value={model}
            onChange={(e) => {
              const next = e.target.value as typeof model;
              setModel(next);
              setLength((l) => clampLength(next, l));
            }}
            className={inputClass}
          >
            {CHAT_MODELS.map((m) => {
              const allowed = canUseModel(page.can, m.name);
              return (
                <option key={m.name} value={m.name} disabled={!allowed}>
                  {m.name}: {m.description}
                  {allowed ? "" : " (SILVER and GOLD)"}
                </option>
              );
            })}
          </select>
        </label>
        {page.can.models.length < CHAT_MODELS.length && (
          <p className="text-xs text-zinc-400">
            Your account can use {page.can.models.join(" and ")}.{" "}
            <a href="/pricing" className="text-brand-300 underline">
              Upgrade for all four models
            </a>
            .
          </p>
        )}
        <label htmlFor="cs-length" className="flex flex-col gap-1 text-zinc-300">
          <span>Response length: <span data-testid="response-length">{length}</span> tokens</span>
          <input id="cs-length" type="range" min={RESPONSE_LENGTH.min} max={max} step={RESPONSE_LENGTH.step} value={length} onChange={(e) => setLength(Number(e.target.value))} />
        </label>
        {page.modelLabel && <p className="text-xs text-zinc-400">Replies come from the {page.modelLabel} (no model server is configured).</p>}
        <div className="flex gap-2">
          <button type="button" disabled={saving} onClick={saveModel} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500 disabled:opacity-50">Save</button>
          <button type="button" onClick={resetDefaults} className={secondaryButtonClass}>Reset to defaults</button>
        </div>
      </section>

      <label htmlFor="cs-voice" className="flex flex-col gap-1 text-zinc-300">
        Voice
        <select id="cs-voice" value={page.settings.voice ?? ""} onChange={(e) => void saveVoice(e.target.value || null)} className={inputClass}>
          <option value="">Default for this character ({VOICES.find((v) => v.id === page.character.voice)?.label ?? page.character.voice})</option>
          {page.speech.originalVoice && <option value="original">{ORIGINAL_VOICE_LABEL}</option>}
          <VoiceOptions />
        </select>
      </label>
      <label className="flex items-center gap-2 text-zinc-300">
        <input type="checkbox" checked={prefs.dialogueOnlyVocals} onChange={(e) => void setPreference("dialogueOnlyVocals", e.target.checked)} /> Dialogue only (speak only the quoted words)
      </label>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Choice id="cs-ui" label="Chat UI" value={prefs.chatUI} options={CHAT_UIS} onChange={(v) => void setPreference("chatUI", v)} />
        <Choice id="cs-layout" label="Chat layout" value={prefs.chatLayout} options={CHAT_LAYOUTS} onChange={(v) => void setPreference("chatLayout", v)} />
        <Choice id="cs-style" label="Image style" value={prefs.imageStyle} options={IMAGE_STYLES} onChange={(v) => void setPreference("imageStyle", v)} />
        <Choice id="cs-mode" label="Image mode" value={prefs.imageGenerationMode} options={IMAGE_MODES} onChange={(v) => void setPreference("imageGenerationMode", v)} />
        <Choice id="cs-view" label="Image view" value={prefs.mobileImageView} options={IMAGE_VIEWS} onChange={(v) => void setPreference("mobileImageView", v)} />
      </div>
      {(["userMessageBubbleColor", "characterMessageBubbleColor"] as const).map((key) => (
        <fieldset key={key} className="flex flex-col gap-2">
          <legend className="text-zinc-300">{key === "userMessageBubbleColor" ? "Your bubble colour" : "Character bubble colour"}</legend>
          <div className="flex gap-2">
            {BUBBLE_COLORS.map((color) => (
              <button
                key={color}
                type="button"
                onClick={() => void setPreference(key, color)}
                aria-pressed={prefs[key] === color}
                aria-label={color.replace("bg-", "").replace("-900", "")}
                className={`h-8 w-8 rounded-full border-2 ${color} ${prefs[key] === color ? "border-white" : "border-zinc-700"}`}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <PersonaEditor page={page} />

      {page.can.customSystemPrompt && (
        <label htmlFor="cs-system" className="flex flex-col gap-1 text-zinc-300">
          Custom system prompt <span className="text-xs text-amber-300">Only for testers</span>
          <textarea
            id="cs-system"
            rows={4}
            value={customPrompt}
            onChange={(e) => {
              setCustomPrompt(e.target.value);
              if (e.target.value.trim()) localStorage.setItem(customPromptKey(characterId), e.target.value);
              else localStorage.removeItem(customPromptKey(characterId));
            }}
            className={inputClass}
            placeholder="Replaces the system prompt for this character, in this browser."
          />
        </label>
      )}
      {page.can.allowListed && (
        <section className="rounded-md border border-zinc-800 p-3 text-xs text-zinc-400" data-testid="allowlist-section">
          <h3 className="mb-1 font-semibold text-zinc-200">Admin tools</h3>
          <p>Chat {page.chatId} · model {page.settings.model} · {page.messages.length} messages on screen</p>
        </section>
      )}
    </div>
  );
}
