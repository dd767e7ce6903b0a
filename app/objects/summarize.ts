/**
 * Folds the messages that no longer fit a chat's prompt into its running summary (decision 045),
 * in the person's object after the reply is stored. The offline writer summarises by itself (no
 * model); a model server is asked with the summary prompt. A failure keeps the old summary: the next
 * reply asks again.
 */
import { clipSummary, offlineSummary, SUMMARY_MAX_TOKENS, summaryPrompt } from "~/lib/chat/summary";
import type { ReplyJob } from "~/services/chat/write-reply.server";
import { logError } from "~/lib/log";
import type { TextGenerator } from "~/lib/providers/text/types";
import { censor } from "~/lib/safety/words";

import type { MemoryTables } from "~/user-store/memory";

export async function writeSummary(
  memory: MemoryTables,
  job: ReplyJob,
  generator: TextGenerator,
  provider: string,
  /** The safety gate (issue 59): a summary is kept only when it passes. */
  passes: (summary: string) => Promise<boolean>,
): Promise<boolean> {
  const wanted = job.summarize;
  if (!wanted) return false;
  if (memory.hasSummary(wanted.throughMessageId)) return true;
  try {
    let text = "";
    if (provider === "offline") text = offlineSummary(wanted.previous, wanted.transcript, wanted.names);
    else
      for await (const piece of generator.stream({
        model: job.model,
        messages: summaryPrompt(wanted.previous, wanted.transcript, wanted.names),
        maxTokens: SUMMARY_MAX_TOKENS,
        character: job.character,
        seed: `summary:${wanted.throughMessageId}`,
      }))
        text += piece;
    const summary = clipSummary(censor(text));
    if (!summary || !(await passes(summary))) return false;
    return memory.saveSummary(job.chatId, wanted.throughMessageId, summary);
  } catch (error) {
    logError("summary failed", error);
    return false;
  }
}
