import { useEffect, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { usePreference } from "~/hooks/use-preference";
import { canUseModel } from "~/lib/auth/capabilities";
import type { PreferenceKey } from "~/lib/forms/preference";
import type { ChatPageData } from "~/models/chat-page.server";
import { MESSAGES } from "~/spec/messages";
import { CHAT_MODELS, clampLength, DEFAULT_MODEL_LABEL, DEFAULT_SETTINGS_MODEL, maxResponseLength, RESPONSE_LENGTH } from "~/spec/models";
import { BUBBLE_COLORS, CHAT_LAYOUTS, CHAT_UIS, IMAGE_MODES, IMAGE_STYLES, IMAGE_VIEWS } from "~/spec/preferences";
import { inputClass, secondaryButtonClass } from "../ui/field";
import { PersonaEditor } from "./persona-editor";
import { DEFAULT_SAMPLER, readSamplerSettings, writeSamplerSettings } from "./sampler-settings";
import { customPromptKey } from "./use-chat";
import { VoiceSelect } from "./voice-select";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;
type Prefs = SignedInPage["prefs"];

/** One of the chat's look preferences: it applies at once and is saved on its own (failures are only logged). */
function Choice<K extends keyof Prefs & PreferenceKey>({
  label,
  prefKey,
  options,
  prefs,
  onChange,
}: {
  label: string;
  prefKey: K;
  options: readonly Prefs[K][];
  prefs: Prefs;
  onChange: (key: K, value: Prefs[K]) => void;
}) {
  const save = usePreference(prefKey);
  const id = `cs-${prefKey}`;
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-zinc-300">
      {label}
      <select
        id={id}
        value={String(prefs[prefKey])}
        onChange={(e) => {
          const value = e.target.value as Prefs[K];
          onChange(prefKey, value);
          save(value);
        }}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

function BubbleColours({
  prefKey,
  legend,
  prefs,
  onChange,
}: {
  prefKey: "userMessageBubbleColor" | "characterMessageBubbleColor";
  legend: string;
  prefs: Prefs;
  onChange: (key: typeof prefKey, value: string) => void;
}) {
  const save = usePreference(prefKey);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-zinc-300">{legend}</legend>
      <div className="flex gap-2">
        {BUBBLE_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            onClick={() => {
              onChange(prefKey, color);
              save(color);
            }}
            aria-pressed={prefs[prefKey] === color}
            aria-label={color.replace("bg-", "").replace("-900", "")}
            className={`h-11 w-11 rounded-full border-2 ${color} ${prefs[prefKey] === color ? "border-white" : "border-zinc-700"}`}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The settings' default model is labelled 'Smart' (spec section 3): "Smart (Lightning)". */
export const modelLabel = (name: string) => (name === DEFAULT_SETTINGS_MODEL ? `${DEFAULT_MODEL_LABEL} (${name})` : name);

/** Model and response length: the model is saved per character, the length stays in this browser. */
function ModelSection({ page }: { page: SignedInPage }) {
  const [model, setModel] = useState(page.settings.model);
  const [length, setLength] = useState(DEFAULT_SAMPLER.responseLength);
  const url = `/api/chat/update?characterId=${page.character.id}`;
  const fallback = page.character.defaultModel ?? DEFAULT_SETTINGS_MODEL;
  const saving = useApi({
    errorTitle: MESSAGES.model.saveErrorTitle,
    fallback: MESSAGES.model.saveError,
    success: { title: MESSAGES.model.savedTitle, description: MESSAGES.model.saved },
    onSuccess: () => writeSamplerSettings({ ...readSamplerSettings(), responseLength: length }),
  });
  const resetting = useApi({
    errorTitle: MESSAGES.model.resetErrorTitle,
    fallback: MESSAGES.model.resetError,
    success: { title: MESSAGES.model.resetTitle, description: MESSAGES.model.reset },
    onSuccess: () => {
      writeSamplerSettings(DEFAULT_SAMPLER);
      setModel(fallback as typeof model);
      setLength(clampLength(fallback, DEFAULT_SAMPLER.responseLength));
    },
  });

  useEffect(() => setLength(clampLength(page.settings.model, readSamplerSettings().responseLength)), [page.settings.model]);

  return (
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
                {modelLabel(m.name)}: {m.description}
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
        <span>
          Response length: <span data-testid="response-length">{length}</span> tokens
        </span>
        <input
          id="cs-length"
          type="range"
          min={RESPONSE_LENGTH.min}
          max={maxResponseLength(model)}
          step={RESPONSE_LENGTH.step}
          value={length}
          onChange={(e) => setLength(Number(e.target.value))}
        />
      </label>
      {page.modelLabel && (
        <p className="text-xs text-zinc-400">
          {page.demoWriter ? `Replies come from the ${page.modelLabel} (no model server is configured).` : `Replies come from ${page.modelLabel}.`}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          disabled={saving.busy}
          onClick={() => saving.submit(url, "PUT", { model })}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          Save
        </button>
        <button type="button" disabled={resetting.busy} onClick={() => resetting.submit(url, "PUT", { model: fallback })} className={secondaryButtonClass}>
          Reset to defaults
        </button>
      </div>
    </section>
  );
}

/**
 * The Chat Settings tab: model and response length, voice, and the chat's look. Model and voice are
 * saved per character; the look is the account's preferences; React Router reloads the page's data after each.
 */
export function ChatSettingsTab({ page }: { page: SignedInPage }) {
  const [prefs, setPrefs] = useState(page.prefs);
  const [customPrompt, setCustomPrompt] = useState("");
  const characterId = page.character.id;
  const dialogueOnly = usePreference("dialogueOnlyVocals");
  const change = <K extends keyof Prefs>(key: K, value: Prefs[K]) => setPrefs((p) => ({ ...p, [key]: value }));

  useEffect(() => {
    if (page.can.customSystemPrompt) setCustomPrompt(localStorage.getItem(customPromptKey(characterId)) ?? "");
  }, [characterId, page.can.customSystemPrompt]);

  return (
    <div className="flex flex-col gap-5 text-sm" data-testid="chat-settings">
      <ModelSection page={page} />
      <VoiceSelect page={page} />
      <label className="flex min-h-11 items-center gap-2 text-zinc-300">
        <input
          type="checkbox"
          checked={prefs.dialogueOnlyVocals}
          onChange={(e) => {
            change("dialogueOnlyVocals", e.target.checked);
            dialogueOnly(e.target.checked);
          }}
        />{" "}
        Dialogue only (speak only the quoted words)
      </label>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Choice label="Chat UI" prefKey="chatUI" options={CHAT_UIS} prefs={prefs} onChange={change} />
        <Choice label="Chat layout" prefKey="chatLayout" options={CHAT_LAYOUTS} prefs={prefs} onChange={change} />
        <Choice label="Image style" prefKey="imageStyle" options={IMAGE_STYLES} prefs={prefs} onChange={change} />
        <Choice label="Image mode" prefKey="imageGenerationMode" options={IMAGE_MODES} prefs={prefs} onChange={change} />
        <Choice label="Image view" prefKey="mobileImageView" options={IMAGE_VIEWS} prefs={prefs} onChange={change} />
      </div>
      <BubbleColours prefKey="userMessageBubbleColor" legend="Your bubble colour" prefs={prefs} onChange={change} />
      <BubbleColours prefKey="characterMessageBubbleColor" legend="Character bubble colour" prefs={prefs} onChange={change} />

      <PersonaEditor
        characterId={page.character.id}
        name={page.character.name}
        defaultPersona={page.character.persona}
        override={page.settings.personaOverride}
        canEdit={page.can.editPersona}
        trigger="button"
      />

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
          <p>
            Chat {page.chatId} · model {page.settings.model} · {page.messages.length} messages on screen
          </p>
        </section>
      )}
    </div>
  );
}
