/**
 * The browser voice (the default speech backend): the speech synthesis voice closest to the
 * character's voice id (af_ and am_ are US English, bf_ and bm_ British English).
 */
export function speakInBrowser(text: string, voiceId: string) {
  if (typeof window === "undefined" || !("speechSynthesis" in window)) return false;
  const lang = voiceId.startsWith("b") ? "en-GB" : "en-US";
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  const voices = window.speechSynthesis.getVoices();
  const match = voices.find((v) => v.lang === lang) ?? voices.find((v) => v.lang.startsWith("en"));
  if (match) utterance.voice = match;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return true;
}

/** Polls a job every second until it is completed or failed, or 120 s have passed (spec section 4). */
export async function pollJob(jobId: string, { intervalMs = 1000, timeoutMs = 120_000 } = {}): Promise<{ status: string; reply: string | null; error?: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`/api/status/${jobId}`, { headers: { accept: "application/json" } });
    const body = (await response.json().catch(() => ({}))) as { status?: string; reply?: string | null; error?: string };
    if (!response.ok) return { status: "error", reply: null, error: body.error ?? "The job could not be found." };
    if (body.status === "completed" || body.status === "error") return { status: body.status, reply: body.reply ?? null, error: body.error };
    if (Date.now() + intervalMs > deadline) return { status: "timeout", reply: null, error: "This is taking too long. Try again in a moment." };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
