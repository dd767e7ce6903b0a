import { useFetcher } from "react-router";
import { useEffect, useRef, useState } from "react";
import { TIMING } from "~/spec/limits";
import { JOB_MESSAGES } from "~/spec/messages";

export type JobResult = { status: "completed" | "error" | "timeout"; reply: string | null; error?: string };
type Status = { status?: string; reply?: string | null; error?: string | { message: string } };

/**
 * Follows a queued job (image, speech, story): GET /api/status/:id every second through a fetcher,
 * until it is completed or failed, or 120 s have passed (spec section 4).
 */
export function useJob(onFinish: (result: JobResult) => void) {
  const [job, setJob] = useState<{ id: string; until: number } | null>(null);
  const fetcher = useFetcher<Status>({ key: job ? `job-${job.id}` : undefined });
  const finish = useRef(onFinish);
  useEffect(() => {
    finish.current = onFinish;
  });

  useEffect(() => {
    if (!job || fetcher.state !== "idle") return;
    const data = fetcher.data;
    const end = (result: JobResult) => {
      setJob(null);
      finish.current(result);
    };
    if (data?.error && typeof data.error === "object") return end({ status: "error", reply: null, error: data.error.message });
    if (data?.status === "completed" || data?.status === "error")
      return end({ status: data.status, reply: data.reply ?? null, error: typeof data.error === "string" ? data.error : undefined });
    if (Date.now() > job.until) return end({ status: "timeout", reply: null, error: JOB_MESSAGES.tooLong });
    const timer = setTimeout(() => fetcher.load(`/api/status/${job.id}`), data ? TIMING.statusPollIntervalMs : 0);
    return () => clearTimeout(timer);
  }, [job, fetcher, fetcher.state, fetcher.data]);

  return { follow: (id: string) => setJob({ id, until: Date.now() + TIMING.statusPollTimeoutMs }), following: !!job };
}
