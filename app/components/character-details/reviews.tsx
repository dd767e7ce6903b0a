import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ReportDialog } from "~/components/report-dialog";
import { ReasonDialog } from "~/components/mods/reason-dialog";
import { TextField } from "~/components/ui/field";
import { LocalTime } from "~/components/ui/local-time";
import { isApiError, useApi } from "~/hooks/use-api";
import { useRootData } from "~/hooks/use-root-data";
import type { Review } from "~/models/reviews.server";
import type { characterReviews } from "~/services/reviews.server";
import { REVIEW_COPY, REVIEW_LIMITS } from "~/spec/reviews";

type ReviewsPage = Awaited<ReturnType<typeof characterReviews>>;

const smallButton = "inline-flex min-h-11 items-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800 sm:min-h-9";

/** Five stars, `value` of them lit; read out as "4 stars". */
export function Stars({ value, className = "" }: { value: number; className?: string }) {
  const lit = Math.round(value);
  return (
    <span role="img" aria-label={REVIEW_COPY.stars(lit)} className={`tracking-tight ${className}`}>
      <span aria-hidden className="text-amber-400">
        {"★".repeat(lit)}
      </span>
      <span aria-hidden className="text-zinc-400">
        {"☆".repeat(5 - lit)}
      </span>
    </span>
  );
}

/** The star picker: five radio buttons, each a star; what is picked and below it lights up. */
function StarPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-zinc-200">{REVIEW_COPY.rateLabel}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input type="radio" name="review-rating" value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
            <span
              aria-hidden
              className={`flex h-11 w-11 items-center justify-center rounded-md text-2xl peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400 ${n <= value ? "text-amber-400" : "text-zinc-400"}`}
            >
              {n <= value ? "★" : "☆"}
            </span>
            <span className="sr-only">{REVIEW_COPY.stars(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The viewer's own rating and review: written, changed or deleted. */
function YourReview({ characterId, mine, onChanged }: { characterId: string; mine: Review | null; onChanged: () => void }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useApi({ success: { title: REVIEW_COPY.saved }, onSuccess: onChanged });
  const remove = useApi({
    success: { title: REVIEW_COPY.removed },
    onSuccess: () => {
      setRating(0);
      setText("");
      onChanged();
    },
  });
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3"
      aria-label={REVIEW_COPY.yourReview}
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) return setProblem(REVIEW_COPY.pickRating);
        setProblem(null);
        save.submit(`/api/characters/${characterId}/review`, "PUT", { rating, text });
      }}
    >
      <StarPicker value={rating} onChange={setRating} />
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <TextField
        id="review-text"
        label={REVIEW_COPY.textLabel}
        value={text}
        onChange={setText}
        rows={3}
        maxLength={REVIEW_LIMITS.textMax}
        counter
        placeholder={REVIEW_COPY.textPlaceholder}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.busy} className={`${smallButton} border-brand-500 bg-brand-600 font-semibold text-white hover:bg-brand-500`}>
          {mine ? REVIEW_COPY.update : REVIEW_COPY.save}
        </button>
        {mine && (
          <button type="button" disabled={remove.busy} onClick={() => remove.submit(`/api/characters/${characterId}/review`, "DELETE")} className={smallButton}>
            {REVIEW_COPY.remove}
          </button>
        )}
      </div>
    </form>
  );
}

/** The creator's one reply to a review. */
function ReplyForm({ reviewId, onDone }: { reviewId: string; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const send = useApi({ onSuccess: onDone });
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className={smallButton}>
        {REVIEW_COPY.reply}
      </button>
    );
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) send.submit(`/api/reviews/${reviewId}/reply`, "POST", { text });
      }}
    >
      <TextField id={`reply-${reviewId}`} label={REVIEW_COPY.replyLabel} value={text} onChange={setText} rows={2} maxLength={REVIEW_LIMITS.replyMax} counter />
      <button type="submit" disabled={send.busy || !text.trim()} className={`${smallButton} self-start`}>
        {REVIEW_COPY.sendReply}
      </button>
    </form>
  );
}

function ReviewItem({ review, isCreator, onChanged }: { review: Review; isCreator: boolean; onChanged: () => void }) {
  const { user } = useRootData();
  const [reporting, setReporting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useApi({ success: { title: REVIEW_COPY.removedByModerator }, onSuccess: onChanged });
  return (
    <li className="flex flex-col gap-1.5 border-t border-zinc-800 pt-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-2 text-sm">
        <Stars value={review.rating} />
        <Link to={`/profile/${review.author.id}`} className="font-semibold text-zinc-100 underline-offset-2 hover:underline">
          {review.author.name}
        </Link>
        <span className="text-xs text-zinc-400">
          <LocalTime iso={review.updatedAt} />
        </span>
      </div>
      {review.text && <p className="whitespace-pre-wrap break-words text-sm text-zinc-200">{review.text}</p>}
      {review.reply && (
        <div className="ml-3 border-l-2 border-brand-700 pl-3" data-testid="review-reply">
          <p className="text-xs font-semibold text-brand-200">{REVIEW_COPY.creatorReply(review.creatorName)}</p>
          <p className="whitespace-pre-wrap break-words text-sm text-zinc-300">{review.reply}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {isCreator && !review.reply && <ReplyForm reviewId={review.id} onDone={onChanged} />}
        {user && !review.isMine && (
          <button type="button" onClick={() => setReporting(true)} className={smallButton}>
            {REVIEW_COPY.report}
          </button>
        )}
        {user?.isModerator && (
          <button type="button" onClick={() => setRemoving(true)} className={smallButton}>
            {REVIEW_COPY.removeByModerator}
          </button>
        )}
      </div>
      {reporting && <ReportDialog open={reporting} onOpenChange={setReporting} target={{ type: "review", id: review.id }} />}
      {removing && (
        <ReasonDialog
          open={removing}
          onOpenChange={setRemoving}
          title={REVIEW_COPY.removeReason}
          confirmLabel={REVIEW_COPY.removeByModerator}
          required={false}
          onConfirm={(reason) => {
            setRemoving(false);
            remove.submit(`/api/reviews/${review.id}`, "DELETE", { reason });
          }}
        />
      )}
    </li>
  );
}

/**
 * The Overview's ratings and reviews (issue 64): the average and count, the viewer's own review (once
 * they sent the character 5 messages), and the newest reviews, paged, with the creator's replies.
 */
export function Reviews({ characterId }: { characterId: string }) {
  const { user } = useRootData();
  const first = useApi<ReviewsPage>({ onError: () => false });
  const more = useApi<ReviewsPage>({ onError: () => false });
  // Pages by number. After any change React Router reloads both loads: page 1 starts the list again,
  // and a later page is kept only while the one before it is there (no gaps, no repeats).
  const [pages, setPages] = useState<Record<number, ReviewsPage>>({});
  const reload = () => first.load(`/api/characters/${characterId}/reviews`);
  useEffect(() => {
    setPages({});
    reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [characterId]);
  useEffect(() => {
    if (first.data && !isApiError(first.data)) setPages({ 1: first.data as ReviewsPage });
  }, [first.data]);
  useEffect(() => {
    const page = more.data;
    if (!page || isApiError(page)) return;
    const loaded = page as ReviewsPage;
    setPages((p) => (p[loaded.page - 1] ? { ...p, [loaded.page]: loaded } : p));
  }, [more.data]);
  const ordered = Object.values(pages).sort((a, b) => a.page - b.page);
  const head = ordered[0];
  if (!head) return null;
  const last = ordered[ordered.length - 1];
  const seen = new Set<string>();
  const list = ordered.flatMap((p) => p.reviews).filter((r) => !seen.has(r.id) && !!seen.add(r.id));
  return (
    <section className="flex flex-col gap-3" data-testid="reviews" aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id="reviews-heading" className="font-semibold text-white">
          {REVIEW_COPY.heading}
        </h3>
        {head.rating.count > 0 && <Stars value={head.rating.average} className="text-lg" />}
        <p className="text-sm text-zinc-300" data-testid="rating-average">
          {REVIEW_COPY.average(head.rating.average, head.rating.count)}
        </p>
      </div>
      {!user && <p className="text-sm text-zinc-400">{REVIEW_COPY.signInToRate}</p>}
      {head.removedByModerator && (
        <p className="text-sm text-zinc-400" data-testid="review-removed">
          {REVIEW_COPY.cannotRateAgain}
        </p>
      )}
      {head.canRate &&
        (head.mine || (head.sent ?? 0) >= head.minMessages ? (
          <YourReview key={head.mine?.updatedAt ?? "new"} characterId={characterId} mine={head.mine} onChanged={reload} />
        ) : (
          <p className="text-sm text-zinc-400" data-testid="rate-after">
            {REVIEW_COPY.notYetShort} ({head.sent ?? 0}/{head.minMessages})
          </p>
        ))}
      {list.length === 0 ? (
        <p className="text-sm text-zinc-400">{REVIEW_COPY.none}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((r) => (
            <ReviewItem key={r.id} review={r} isCreator={head.isCreator} onChanged={reload} />
          ))}
        </ul>
      )}
      {last.hasNext && (
        <button
          type="button"
          disabled={more.busy}
          onClick={() => more.load(`/api/characters/${characterId}/reviews?page=${last.page + 1}`)}
          className={`${smallButton} self-start`}
        >
          {REVIEW_COPY.more}
        </button>
      )}
    </section>
  );
}
