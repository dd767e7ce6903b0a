import { Loader2, Sparkles } from "lucide-react";
import { FormProblem } from "~/components/ui/form-problem";
import { Link } from "react-router";
import { useEffect, useRef, useState } from "react";
import { CharCounter } from "~/components/ui/char-counter";
import { buttonClass, Field, inputClass } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import type { PlaygroundData } from "~/services/images/playground.server";
import { toast } from "~/lib/toast";
import type { Picture } from "~/lib/picture";
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_MODEL_LABELS, IMAGE_MODELS, IMAGE_SIZES, type ImageModel } from "~/spec/images";
import { MESSAGES } from "~/spec/messages";
import { PLAYGROUND_COPY as COPY } from "~/spec/pages";
import { Gallery } from "./gallery";
import { usePictureJob } from "./use-picture-job";
import { LocalTime } from "../ui/local-time";

type Pending = { jobId: string; prompt: string; width: number; height: number };

/** The image playground: the form, the pictures being painted, and the gallery (spec sections 1 and 4). */
export function Playground(props: PlaygroundData) {
  const { prefill } = props;
  const [prompt, setPrompt] = useState(prefill.prompt);
  const [negativePrompt, setNegativePrompt] = useState(prefill.negativePrompt);
  const [model, setModel] = useState<ImageModel>(prefill.model);
  const [size, setSize] = useState(`${prefill.width}x${prefill.height}`);
  const [seed, setSeed] = useState(prefill.seed === null ? "" : String(prefill.seed));
  const [pending, setPending] = useState<Pending[]>([]);
  const [made, setMade] = useState<Picture[]>([]);
  const results = useRef<HTMLElement>(null);
  const painting = pending.length;
  const wasPainting = useRef(0);
  useEffect(() => {
    // A new picture is started: bring its place into view, on a phone far below the form.
    if (painting > wasPainting.current) results.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    wasPainting.current = painting;
  }, [painting]);
  const [left, setLeft] = useState(props.allowance.remaining);
  const [error, setError] = useState<string | null>(null);
  const [width, height] = size.split("x").map(Number);

  const request = useApi<{ jobId: string }>({
    onSuccess: ({ jobId }) => {
      setPending((list) => [{ jobId, prompt, width, height }, ...list]);
      setLeft((n) => Math.max(0, n - 1));
    },
    onError: (problem) => {
      if (problem.code === "allowance_empty") setLeft(0);
      setError(problem.message);
      return false;
    },
  });

  function generate(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const seedNumber = seed.trim() === "" ? undefined : Number(seed);
    if (seedNumber !== undefined && (!Number.isInteger(seedNumber) || seedNumber < 0 || seedNumber > IMAGE_LIMITS.seedMax))
      return setError(IMAGE_MESSAGES.badSeed);
    request.submit("/api/images", "POST", { prompt, negativePrompt, model, width, height, ...(seedNumber === undefined ? {} : { seed: seedNumber }) });
  }

  const finished = (jobId: string, picture: Picture | null, problem?: string) => {
    setPending((list) => list.filter((p) => p.jobId !== jobId));
    if (picture) setMade((list) => [picture, ...list]);
    else {
      // A failed picture costs nothing: the server gave it back.
      setLeft((n) => n + 1);
      toast({ title: IMAGE_MESSAGES.failed, description: problem ?? MESSAGES.generic.somethingWentWrong, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-white">{COPY.title}</h1>
        <p className="text-zinc-400">{COPY.description}</p>
        {props.backend.offline && (
          <p className="rounded-lg border border-zinc-800 bg-zinc-900/60 px-3 py-2 text-xs text-zinc-400" data-testid="offline-painter-notice">
            {IMAGE_MESSAGES.offlineNotice}{" "}
            <Link to={IMAGE_MESSAGES.offlineHref} className="text-brand-300 underline">
              {IMAGE_MESSAGES.offlineLink}
            </Link>
          </p>
        )}
      </header>

      <form onSubmit={generate} className="grid gap-5 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 md:grid-cols-2" aria-label="Make a picture">
        <div className="flex flex-col gap-4">
          <Field label={COPY.prompt} htmlFor="prompt" counter={<CharCounter value={prompt} max={IMAGE_LIMITS.promptMax} />}>
            <textarea
              id="prompt"
              name="prompt"
              required
              rows={4}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              placeholder={COPY.promptPlaceholder}
              className={inputClass}
            />
          </Field>
          <Field
            label={COPY.negativePrompt}
            htmlFor="negativePrompt"
            hint={props.backend.takesNegativePrompt ? COPY.negativeHint : IMAGE_MESSAGES.noNegativePrompt}
            counter={<CharCounter value={negativePrompt} max={IMAGE_LIMITS.negativePromptMax} />}
          >
            <textarea
              id="negativePrompt"
              name="negativePrompt"
              rows={2}
              value={negativePrompt}
              disabled={!props.backend.takesNegativePrompt}
              onChange={(e) => setNegativePrompt(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-zinc-200">{COPY.model}</legend>
            <div className="flex gap-2">
              {IMAGE_MODELS.map((m) => (
                <label
                  key={m}
                  className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md border px-3 text-sm ${model === m ? "border-brand-500 bg-brand-600/20 text-white" : "border-zinc-700 text-zinc-300 hover:bg-zinc-800"}`}
                >
                  <input type="radio" name="model" value={m} checked={model === m} onChange={() => setModel(m)} className="sr-only" />
                  {IMAGE_MODEL_LABELS[m]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <Field label={COPY.size} htmlFor="size">
              <select id="size" value={size} onChange={(e) => setSize(e.target.value)} className={inputClass}>
                {IMAGE_SIZES.map((s) => (
                  <option key={s.label} value={`${s.width}x${s.height}`}>
                    {s.label} ({s.width}×{s.height})
                  </option>
                ))}
              </select>
            </Field>
            <Field label={COPY.seed} htmlFor="seed">
              <input id="seed" inputMode="numeric" value={seed} onChange={(e) => setSeed(e.target.value)} placeholder="Random" className={inputClass} />
            </Field>
          </div>
          <p className="text-xs text-zinc-400">{COPY.seedHint}</p>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-zinc-300" data-testid="image-allowance">
              {COPY.left(left, props.allowance.size)}
              <span className="block text-xs text-zinc-400">
                {COPY.resets} <LocalTime iso={props.allowance.resetAt} />
              </span>
            </p>
            <button type="submit" className={`${buttonClass} inline-flex min-h-11 items-center gap-2`} disabled={request.busy || !prompt.trim()}>
              {request.busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Sparkles aria-hidden className="size-4" />}
              {COPY.generate}
            </button>
          </div>
          <FormProblem>{error}</FormProblem>
        </div>
      </form>

      {(pending.length > 0 || made.length > 0) && (
        <section aria-labelledby="results-heading" ref={results} className="scroll-mt-4">
          <h2 id="results-heading" className="mb-3 text-lg font-semibold text-white">
            {COPY.results}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {pending.map((p) => (
              <PendingPicture key={p.jobId} pending={p} onDone={finished} />
            ))}
            {/* Pictures finished on this visit, where their placeholder was (issue 24). */}
            {made.map((picture) => (
              <li key={picture.id} data-testid="result-picture" className="overflow-hidden rounded-lg border border-zinc-800">
                <img
                  src={picture.url}
                  alt={picture.prompt}
                  width={picture.width}
                  height={picture.height}
                  className={`h-auto w-full ${props.blurNsfw && picture.isNsfw ? "blur-2xl" : ""}`}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <Gallery initial={props.gallery} made={made} blurNsfw={props.blurNsfw} />
    </div>
  );
}

/** A picture being painted: it follows its job until the picture is ready or has failed. */
function PendingPicture({ pending, onDone }: { pending: Pending; onDone: (jobId: string, picture: Picture | null, error?: string) => void }) {
  usePictureJob(pending.jobId, (picture, error) => onDone(pending.jobId, picture, error));
  return (
    <li
      className="flex animate-pulse flex-col items-center justify-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 text-sm text-zinc-400"
      style={{ aspectRatio: `${pending.width} / ${pending.height}` }}
      data-testid="pending-picture"
    >
      <Loader2 aria-hidden className="size-6 animate-spin" />
      {COPY.painting}
    </li>
  );
}
