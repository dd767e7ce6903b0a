import { useNavigate } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useApi } from "~/hooks/use-api";
import { CHARACTER_LIMITS, CHARACTER_NAME_MAX, characterInputSchema, personaPrefix, personaRoom, type CharacterDraft } from "~/lib/forms/character";
import { fieldErrors as problemsOf, zodMessage } from "~/lib/forms/errors";
import { fromLoreDraft, toLoreDraft, withLorebook } from "~/lib/forms/lorebook";
import { readLorebook } from "~/lib/lorebook";
import { toast } from "~/lib/toast";
import { CHARACTER_FORM_MESSAGES as FORM } from "~/spec/messages";
import { LIMITS } from "~/spec/limits";
import { CHAT_MODELS } from "~/spec/models";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, CONTENT_TAG_STYLES, TAG_GUIDANCE } from "~/spec/tags";
import { defaultVoiceForTags, VOICES } from "~/spec/voices";
import { buttonClass, Card, Field, inputClass, secondaryButtonClass, TextField } from "../ui/field";
import { FilePicker } from "../ui/file-picker";
import { CardImport } from "./card-import";
import type { ModerationLock } from "~/spec/moderation";
import { ChipPicker } from "./chip-picker";
import { LorebookEditor } from "./lorebook-editor";
import { VoiceOptions } from "../ui/voice-options";

/** The most characters each text field holds (the persona's room depends on the name). */
const TEXT_MAX: Partial<Record<string, number>> = {
  name: CHARACTER_NAME_MAX,
  description: CHARACTER_LIMITS.description,
  greeting: CHARACTER_LIMITS.greeting,
  scenario: CHARACTER_LIMITS.scenario,
  exampleDialogue: CHARACTER_LIMITS.exampleDialogue,
  authorNotes: CHARACTER_LIMITS.authorNotes,
  imagePrompt: CHARACTER_LIMITS.imagePrompt,
  negativePrompt: CHARACTER_LIMITS.imagePrompt,
};

type Upload = { kind: "thumbnail" | "voice"; file: File };

/** The lorebook kept in a card's extras, as the editor's draft. */
const loreIn = (extras: Record<string, unknown> | null | undefined) => toLoreDraft(readLorebook(extras?.character_book));

/**
 * The create and edit form, checked in the browser with the schema the API uses. Text is saved first
 * (JSON), then the picture and the voice sample, one after the other (multipart). A card's extras
 * (`cardExtras`, stored ones when editing) are sent on create, and on edit only when the lorebook
 * changed, so a save never drops what the form does not show.
 */
export function CharacterForm({
  id,
  initial,
  cardExtras: storedExtras,
  thumbnailUrl,
  lock,
}: {
  id?: string;
  initial: CharacterDraft;
  cardExtras?: Record<string, unknown> | null;
  thumbnailUrl?: string | null;
  /** What a moderator's takedown holds: those controls show their state and cannot change (decision 026). */
  lock?: ModerationLock | null;
}) {
  const [draft, setDraft] = useState(initial);
  const [cardExtras, setCardExtras] = useState<Record<string, unknown> | undefined>(storedExtras ?? undefined);
  const [lore, setLore] = useState(() => loreIn(storedExtras));
  const [loreChanged, setLoreChanged] = useState(false);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [voiceSample, setVoiceSample] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Each field's first problem, shown under it; the form scrolls to the first one (issue 24). */
  const [problems, setProblems] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  /** Set by a refused save, so fixing one field while typing does not pull focus to the next. */
  const jump = useRef(false);
  const refused = (fields: Record<string, string>) => {
    jump.current = true;
    setProblems(fields);
  };
  useEffect(() => {
    if (!jump.current) return;
    jump.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [problems]);
  const [queue, setQueue] = useState<{ id: string; uploads: Upload[] } | null>(null);
  const navigate = useNavigate();
  const set = <K extends keyof CharacterDraft>(key: K, value: CharacterDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field's problem (or, for a list, its items' problems) goes once the field changes.
    const mine = (k: string) => k === key || k.startsWith(`${key}.`);
    setProblems((p) => (Object.keys(p).some(mine) ? Object.fromEntries(Object.entries(p).filter(([k]) => !mine(k))) : p));
  };
  type TextKey = { [K in keyof CharacterDraft]: CharacterDraft[K] extends string ? K : never }[keyof CharacterDraft];
  const greetings = (next: string[]) => set("alternateGreetings", next);
  /** A text field's id, label, limit, value and setter. */
  const field = (key: TextKey, label: string, rows?: number) => ({
    id: `c-${key}`,
    label,
    rows,
    maxLength: TEXT_MAX[key],
    value: draft[key] ?? "",
    onChange: (value: string) => set(key, value),
    error: problems[key],
  });
  const room = personaRoom(draft.name);

  const finish = () => {
    setQueue(null);
    toast({ title: id ? FORM.saved : FORM.created, description: id ? undefined : FORM.privateUntilPublished, variant: "success" });
    void navigate("/characters/creator-hub");
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
    onError: (e) => (setError(e.message), refused(e.fields ?? {}), false),
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
      if (!id && queue) void navigate(`/characters/${queue.id}/edit`, { replace: true });
      return false;
    },
    onSuccess: () => queue && next(queue.id, queue.uploads),
  });
  const busy = saving.busy || upload.busy || !!queue;

  function save(event: React.FormEvent) {
    event.preventDefault();
    const extras = loreChanged ? withLorebook(cardExtras, fromLoreDraft(lore)) : id ? undefined : cardExtras;
    const parsed = characterInputSchema.safeParse(extras ? { ...draft, cardExtras: extras } : draft);
    if (!parsed.success) {
      setError(zodMessage(parsed.error));
      return refused(problemsOf(parsed.error));
    }
    setError(null);
    setProblems({});
    saving.submit(id ? `/api/characters/${id}` : "/api/characters", id ? "PUT" : "POST", parsed.data);
  }

  return (
    <form ref={formRef} onSubmit={save} className="flex flex-col gap-4" noValidate data-testid="character-form">
      {!id && (
        <CardImport
          onImported={(card) => {
            setDraft(card.draft);
            setCardExtras(card.cardExtras);
            setLore(loreIn(card.cardExtras));
            setLoreChanged(false);
            if (card.picture) setThumbnail(card.picture);
            setError(null);
          }}
        />
      )}
      <Card title="Basics">
        <div className="flex flex-col gap-4">
          <TextField {...field("name", "Name")} required counter />
          <TextField {...field("description", "Description", 2)} counter hint="Shown on the character's card." />
          <TextField
            {...field("persona", "Persona", 6)}
            counter={room}
            hint={FORM.personaRoom(personaPrefix(draft.name || "{name}"), room, LIMITS.characterDefinitionMax)}
          />
        </div>
      </Card>
      <Card title="Conversation">
        <div className="flex flex-col gap-4">
          <TextField {...field("greeting", "Greeting", 4)} hint="The first message. {{user}} and {{char}} are replaced in the chat." />
          {draft.alternateGreetings.map((g, i) => (
            <div key={i} className="flex flex-col gap-1.5">
              <TextField
                id={`c-alt-${i}`}
                label={`Alternate greeting ${i + 1}`}
                rows={3}
                value={g}
                onChange={(v) => greetings(draft.alternateGreetings.map((x, j) => (j === i ? v : x)))}
                error={problems[`alternateGreetings.${i}`]}
              />
              <button type="button" onClick={() => greetings(draft.alternateGreetings.filter((_, j) => j !== i))} className="self-start text-sm text-red-400">
                Remove
              </button>
            </div>
          ))}
          {draft.alternateGreetings.length < CHARACTER_LIMITS.alternateGreetings && (
            <button type="button" onClick={() => greetings([...draft.alternateGreetings, ""])} className={`${secondaryButtonClass} self-start`}>
              Add an alternate greeting
            </button>
          )}
          <TextField {...field("scenario", "Scenario", 3)} />
          <TextField {...field("exampleDialogue", "Example dialogue", 4)} />
          <TextField {...field("authorNotes", "Author notes", 3)} hint="Markdown. Shown in the character's details." />
        </div>
      </Card>
      <LorebookEditor
        lore={lore}
        onChange={(next) => {
          setLore(next);
          setLoreChanged(true);
        }}
      />
      <Card title="Tags">
        <ul className="mb-3 list-disc pl-5 text-sm text-zinc-400">
          {TAG_GUIDANCE.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
        <ChipPicker
          label="Character tags"
          all={CHARACTER_TAG_NAMES}
          selected={draft.tags}
          onChange={(t) => set("tags", t)}
          max={CHARACTER_LIMITS.tags}
          disabled={lock?.tags !== undefined}
        />
        <div className="mt-4">
          <ChipPicker
            label="Content warnings"
            all={CONTENT_TAG_NAMES}
            selected={draft.contentTags}
            onChange={(t) => set("contentTags", t)}
            styles={CONTENT_TAG_STYLES}
            disabled={lock?.tags !== undefined}
          />
        </div>
      </Card>
      <Card title="Picture">
        <div className="flex flex-col gap-3">
          <FilePicker
            id="c-thumbnail"
            label="Thumbnail"
            hint="PNG, JPEG or WebP, at most 5 MB."
            accept="image/png,image/jpeg,image/webp"
            kind="image"
            file={thumbnail}
            stored={thumbnailUrl}
            onFile={setThumbnail}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={draft.isNsfwThumbnail}
              disabled={lock?.nsfw !== undefined}
              onChange={(e) => set("isNsfwThumbnail", e.target.checked)}
            />{" "}
            The picture is NSFW
          </label>
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <TextField {...field("imagePrompt", "Image prompt", 2)} />
          <TextField {...field("negativePrompt", "Negative prompt", 2)} />
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
          <FilePicker
            id="c-voice-sample"
            label="Voice sample (optional)"
            hint="MP3, WAV or OGG, at most 2 MB. Offered as the Character Original Voice."
            accept="audio/mpeg,audio/wav,audio/ogg"
            kind="audio"
            file={voiceSample}
            onFile={setVoiceSample}
          />
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
