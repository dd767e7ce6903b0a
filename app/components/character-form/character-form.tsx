import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { CHARACTER_LIMITS, CHARACTER_NAME_MAX, characterInputSchema, personaRoom, type CharacterDraft } from "~/lib/forms/character";
import { zodMessage } from "~/lib/forms/errors";
import { toast } from "~/lib/toast";
import { CHARACTER_FORM_MESSAGES as FORM } from "~/spec/messages";
import { CHAT_MODELS } from "~/spec/models";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, CONTENT_TAG_STYLES, TAG_GUIDANCE } from "~/spec/tags";
import { defaultVoiceForTags, VOICES } from "~/spec/voices";
import { CharCounter } from "../ui/char-counter";
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from "../ui/field";
import { CardImport } from "./card-import";
import { ChipPicker } from "./chip-picker";
import { VoiceOptions } from "../ui/voice-options";

type Upload = { kind: "thumbnail" | "voice"; file: File };

/** The picture preview: an object URL for a chosen file, revoked when it changes or the form goes. */
function usePreview(file: File | null, stored: string | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url ?? stored ?? null;
}

/**
 * The create and edit form, checked in the browser with the schema the API uses. Text is saved first
 * (JSON), then the picture and the voice sample, one after the other (multipart).
 */
export function CharacterForm({ id, initial, thumbnailUrl }: { id?: string; initial: CharacterDraft; thumbnailUrl?: string | null }) {
  const [draft, setDraft] = useState(initial);
  const [cardExtras, setCardExtras] = useState<Record<string, unknown> | undefined>(undefined);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [voiceSample, setVoiceSample] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queue, setQueue] = useState<{ id: string; uploads: Upload[] } | null>(null);
  const navigate = useNavigate();
  const set = <K extends keyof CharacterDraft>(key: K, value: CharacterDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof CharacterDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value as never);
  const room = personaRoom(draft.name);
  const previewUrl = usePreview(thumbnail, thumbnailUrl);

  const finish = () => {
    setQueue(null);
    toast({ title: id ? FORM.saved : FORM.created, description: id ? undefined : FORM.privateUntilPublished, variant: "success" });
    navigate("/characters/creator-hub");
  };
  /** The next file for the saved character, or the end. */
  const next = (savedId: string, uploads: Upload[]) => {
    const [first, ...rest] = uploads;
    if (!first) return finish();
    setQueue({ id: savedId, uploads: rest });
    const form = new FormData();
    form.set("file", first.file);
    if (first.kind === "thumbnail") form.set("isNsfw", String(draft.isNsfwThumbnail));
    upload.submit(`/api/characters/${savedId}/${first.kind}`, "POST", form);
  };
  const saving = useApi<{ id: string }>({
    onError: (e) => (setError(e.message), false),
    onSuccess: (saved) =>
      next(saved.id, [
        ...(thumbnail ? [{ kind: "thumbnail" as const, file: thumbnail }] : []),
        ...(voiceSample ? [{ kind: "voice" as const, file: voiceSample }] : []),
      ]),
  });
  const upload = useApi({
    onError: (e) => {
      setError(FORM.fileNotSaved(e.message));
      setQueue(null);
      if (!id && queue) navigate(`/characters/${queue.id}/edit`, { replace: true });
      return false;
    },
    onSuccess: () => queue && next(queue.id, queue.uploads),
  });
  const busy = saving.busy || upload.busy || !!queue;

  function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = characterInputSchema.safeParse(cardExtras ? { ...draft, cardExtras } : draft);
    if (!parsed.success) return setError(zodMessage(parsed.error));
    setError(null);
    saving.submit(id ? `/api/characters/${id}` : "/api/characters", id ? "PUT" : "POST", parsed.data);
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-4" noValidate data-testid="character-form">
      {!id && (
        <CardImport
          onImported={(card) => {
            setDraft(card.draft);
            setCardExtras(card.cardExtras);
            if (card.picture) setThumbnail(card.picture);
            setError(null);
          }}
        />
      )}
      <Card title="Basics">
        <div className="flex flex-col gap-4">
          <Field label="Name" htmlFor="c-name" counter={<CharCounter value={draft.name} max={CHARACTER_NAME_MAX} />}>
            <input id="c-name" required maxLength={CHARACTER_NAME_MAX} value={draft.name} onChange={text("name")} className={inputClass} />
          </Field>
          <Field
            label="Description"
            htmlFor="c-description"
            counter={<CharCounter value={draft.description} max={CHARACTER_LIMITS.description} />}
            hint="Shown on the character's card."
          >
            <textarea
              id="c-description"
              rows={2}
              maxLength={CHARACTER_LIMITS.description}
              value={draft.description}
              onChange={text("description")}
              className={inputClass}
            />
          </Field>
          <Field
            label="Persona"
            htmlFor="c-persona"
            counter={<CharCounter value={draft.persona} max={room} />}
            hint={`Stored as "${draft.name || "{name}"}'s Persona: " followed by this text, 1000 characters in all.`}
          >
            <textarea id="c-persona" rows={6} value={draft.persona} onChange={text("persona")} className={inputClass} />
          </Field>
        </div>
      </Card>
      <Card title="Conversation">
        <div className="flex flex-col gap-4">
          <Field label="Greeting" htmlFor="c-greeting" hint="The first message. {{user}} and {{char}} are replaced in the chat.">
            <textarea
              id="c-greeting"
              rows={4}
              maxLength={CHARACTER_LIMITS.greeting}
              value={draft.greeting}
              onChange={text("greeting")}
              className={inputClass}
            />
          </Field>
          {draft.alternateGreetings.map((g, i) => (
            <Field key={i} label={`Alternate greeting ${i + 1}`} htmlFor={`c-alt-${i}`}>
              <textarea
                id={`c-alt-${i}`}
                rows={3}
                value={g}
                onChange={(e) =>
                  set(
                    "alternateGreetings",
                    draft.alternateGreetings.map((x, j) => (j === i ? e.target.value : x)),
                  )
                }
                className={inputClass}
              />
              <button
                type="button"
                onClick={() =>
                  set(
                    "alternateGreetings",
                    draft.alternateGreetings.filter((_, j) => j !== i),
                  )
                }
                className="self-start text-sm text-red-400"
              >
                Remove
              </button>
            </Field>
          ))}
          {draft.alternateGreetings.length < CHARACTER_LIMITS.alternateGreetings && (
            <button type="button" onClick={() => set("alternateGreetings", [...draft.alternateGreetings, ""])} className={`${secondaryButtonClass} self-start`}>
              Add an alternate greeting
            </button>
          )}
          <Field label="Scenario" htmlFor="c-scenario">
            <textarea
              id="c-scenario"
              rows={3}
              maxLength={CHARACTER_LIMITS.scenario}
              value={draft.scenario}
              onChange={text("scenario")}
              className={inputClass}
            />
          </Field>
          <Field label="Example dialogue" htmlFor="c-examples">
            <textarea
              id="c-examples"
              rows={4}
              maxLength={CHARACTER_LIMITS.exampleDialogue}
              value={draft.exampleDialogue}
              onChange={text("exampleDialogue")}
              className={inputClass}
            />
          </Field>
          <Field label="Author notes" htmlFor="c-notes" hint="Markdown. Shown in the character's details.">
            <textarea
              id="c-notes"
              rows={3}
              maxLength={CHARACTER_LIMITS.authorNotes}
              value={draft.authorNotes}
              onChange={text("authorNotes")}
              className={inputClass}
            />
          </Field>
        </div>
      </Card>
      <Card title="Tags">
        <ul className="mb-3 list-disc pl-5 text-sm text-zinc-400">
          {TAG_GUIDANCE.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
        <ChipPicker label="Character tags" all={CHARACTER_TAG_NAMES} selected={draft.tags} onChange={(t) => set("tags", t)} max={CHARACTER_LIMITS.tags} />
        <div className="mt-4">
          <ChipPicker
            label="Content warnings"
            all={CONTENT_TAG_NAMES}
            selected={draft.contentTags}
            onChange={(t) => set("contentTags", t)}
            styles={CONTENT_TAG_STYLES}
          />
        </div>
      </Card>
      <Card title="Picture">
        <div className="flex flex-col gap-4 sm:flex-row">
          {previewUrl && <img src={previewUrl} alt="" className="h-32 w-32 rounded-lg object-cover" />}
          <div className="flex flex-col gap-3">
            <Field label="Thumbnail" htmlFor="c-thumbnail" hint="PNG, JPEG or WebP, at most 5 MB.">
              <input
                id="c-thumbnail"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => setThumbnail(e.target.files?.[0] ?? null)}
                className="text-sm text-zinc-300"
              />
            </Field>
            <label className="flex items-center gap-2 text-sm text-zinc-200">
              <input type="checkbox" checked={draft.isNsfwThumbnail} onChange={(e) => set("isNsfwThumbnail", e.target.checked)} /> The picture is NSFW
            </label>
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <Field label="Image prompt" htmlFor="c-prompt">
            <textarea
              id="c-prompt"
              rows={2}
              maxLength={CHARACTER_LIMITS.imagePrompt}
              value={draft.imagePrompt}
              onChange={text("imagePrompt")}
              className={inputClass}
            />
          </Field>
          <Field label="Negative prompt" htmlFor="c-negative">
            <textarea
              id="c-negative"
              rows={2}
              maxLength={CHARACTER_LIMITS.imagePrompt}
              value={draft.negativePrompt}
              onChange={text("negativePrompt")}
              className={inputClass}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm text-zinc-200">
            <input type="checkbox" checked={draft.imagePromptVisible} onChange={(e) => set("imagePromptVisible", e.target.checked)} /> Show the image prompt to
            everyone
          </label>
        </div>
      </Card>
      <Card title="Voice and model">
        <div className="flex flex-col gap-4">
          <Field label="Voice" htmlFor="c-voice">
            <select id="c-voice" value={draft.voice ?? ""} onChange={(e) => set("voice", e.target.value || null)} className={inputClass}>
              <option value="">Default for the tags ({VOICES.find((v) => v.id === defaultVoiceForTags(draft.tags))?.label})</option>
              <VoiceOptions />
            </select>
          </Field>
          <Field label="Voice sample (optional)" htmlFor="c-voice-sample" hint="MP3, WAV or OGG, at most 2 MB. Offered as the Character Original Voice.">
            <input
              id="c-voice-sample"
              type="file"
              accept="audio/mpeg,audio/wav,audio/ogg"
              onChange={(e) => setVoiceSample(e.target.files?.[0] ?? null)}
              className="text-sm text-zinc-300"
            />
          </Field>
          <Field label="Default model" htmlFor="c-model">
            <select id="c-model" value={draft.defaultModel ?? ""} onChange={(e) => set("defaultModel", e.target.value || null)} className={inputClass}>
              <option value="">No preference</option>
              {CHAT_MODELS.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}: {m.description}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Card>
      {error && (
        <p role="alert" className="rounded-md border border-red-800 bg-red-950/50 px-4 py-3 text-sm text-red-100">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <button type="submit" disabled={busy || !draft.name.trim()} className={buttonClass}>
          {busy ? "Saving..." : id ? "Save changes" : "Create character"}
        </button>
      </div>
    </form>
  );
}
