import { useEffect } from "react";
import { useApi } from "~/hooks/use-api";
import { useJob } from "~/hooks/use-job";
import type { Picture } from "~/lib/picture";

/**
 * Follows one queued picture (GET /api/status/:id every second, spec section 4) and, once it is
 * painted, reads the picture itself. `onDone` gets it, or null and the reason it failed.
 */
export function usePictureJob(jobId: string, onDone: (picture: Picture | null, error?: string) => void) {
  const picture = useApi<Picture>({ onSuccess: (p) => onDone(p), onError: (problem) => (onDone(null, problem.message), false) });
  const job = useJob((result) => {
    const reply = result.reply as unknown as { id?: string } | null;
    if (result.status === "completed" && reply?.id) return picture.load(`/api/images/${reply.id}`);
    onDone(null, result.error);
  });
  const { follow } = job;
  // Once per job.
  useEffect(() => follow(jobId), [jobId]);
}

/** A component that only follows a picture's job (one per picture being painted). */
export function PictureJob({ jobId, onDone }: { jobId: string; onDone: (picture: Picture | null, error?: string) => void }) {
  usePictureJob(jobId, onDone);
  return null;
}
