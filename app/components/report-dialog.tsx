import { useState } from "react";
import { Modal } from "~/components/ui/sheet";
import { buttonClass, TextField } from "~/components/ui/field";
import { useApi } from "~/hooks/use-api";
import { MOD_CENTRAL_COPY, MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASONS, type ReportReason } from "~/spec/moderation";

/** Reporting a character, a message or a review: a reason and an optional note, sent to the moderators (POST /api/reports). */
export function ReportDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: { type: "character" | "message" | "review"; id: string };
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const api = useApi({ success: { title: MODERATION_MESSAGES.reportSent }, onSuccess: () => onOpenChange(false) });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={
        target.type === "character"
          ? MOD_CENTRAL_COPY.reportCharacter
          : target.type === "review"
            ? MOD_CENTRAL_COPY.reportReview
            : MOD_CENTRAL_COPY.reportMessage
      }
      description="Moderators see your report, not the author."
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason)
            api.submit("/api/reports", "POST", { targetType: target.type, targetId: target.id, reason, ...(note.trim() ? { note: note.trim() } : {}) });
        }}
      >
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-zinc-200">{MOD_CENTRAL_COPY.reasonLabel}</legend>
          {(Object.keys(REPORT_REASONS) as ReportReason[]).map((key) => (
            <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-zinc-100 hover:bg-zinc-800">
              <input
                type="radio"
                name="report-reason"
                value={key}
                checked={reason === key}
                onChange={() => setReason(key)}
                className="h-4 w-4 accent-brand-500"
              />
              {REPORT_REASONS[key]}
            </label>
          ))}
        </fieldset>
        <TextField id="report-note" label={MOD_CENTRAL_COPY.noteLabel} value={note} onChange={setNote} rows={3} maxLength={MODERATION_LIMITS.noteMax} />
        <button type="submit" className={`${buttonClass} min-h-11 self-end`} disabled={!reason || api.busy}>
          {MOD_CENTRAL_COPY.send}
        </button>
      </form>
    </Modal>
  );
}
