import { useApi } from "~/hooks/use-api";
import { useJob } from "~/hooks/use-job";
import { toast } from "~/lib/toast";
import { JOB_MESSAGES, MESSAGES } from "~/spec/messages";

const play = (url: string) =>
  void new Audio(url).play().catch(() => toast({ title: JOB_MESSAGES.voiceTitle, description: JOB_MESSAGES.pressPlayAgain, variant: "destructive" }));

/**
 * Speech from the server: cached audio at once, or a queued job followed until its audio is ready.
 * `ask` names the call for a message: a chat's (`/api/speech`) or a group's.
 */
export function useServerVoice(ask: (messageId: string) => { url: string; body?: Record<string, unknown> }) {
  const job = useJob((result) => {
    if (result.status === "completed" && result.reply) return play(result.reply);
    toast({ title: MESSAGES.generic.errorTitle, description: result.error || JOB_MESSAGES.voiceFailed, variant: "destructive" });
  });
  const request = useApi<{ url?: string; jobId?: string }>({
    onSuccess: (answer) => {
      if (answer.url) play(answer.url);
      else if (answer.jobId) job.follow(answer.jobId);
    },
  });
  return (messageId: string) => {
    const { url, body } = ask(messageId);
    request.submit(url, "POST", body ?? {});
  };
}
